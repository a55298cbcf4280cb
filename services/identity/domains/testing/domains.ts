// Fixtures for claimed domains: a test app whose domain lookups go to a real DNS
// server on loopback (and whose clock a test may move), claims through the API, and
// fresh domain names under a real suffix (every lookup stays on loopback anyway).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { useTestApp, type Profile, type TestApp, type TestTenant } from '../../../../test/support/test-app.js';
import type { ClaimedDomain } from '../domain-claims.js';
import { startTestDnsServer, type TestDnsServer } from './dns-server.js';

export const freshDomain = (): string => `acme-${randomUUID().slice(0, 12)}.com`;

/** POST /api/v1/identity/domains as the tenant's owner. */
export async function claim(t: TestApp, tenant: TestTenant, domain = freshDomain()): Promise<ClaimedDomain> {
  const response = await t.call('POST', '/api/v1/identity/domains', { token: tenant.owner.token, body: { domain } });
  if (response.status !== 201) throw new Error(`POST /identity/domains answered ${response.status}: ${response.raw}`);
  return response.body;
}

/** Publishes the claim's record, as its owner would at their DNS provider. */
export const publish = (dns: TestDnsServer, claimed: ClaimedDomain): void => dns.set(claimed.verification.name, [[claimed.verification.value]]);

export interface DomainsTestApp {
  readonly t: { readonly current: TestApp };
  readonly dns: TestDnsServer;
  /** Moves the app's clock (undefined: the real one). A session outlives no move: sign in again after one. */
  setClock(at: Date | undefined): void;
}

/** useTestApp with a DNS server of its own on loopback as the domain resolver, and a clock the test moves. */
export function useDomainsTestApp(profile: { profile: Profile; counters?: 'redis' | 'memory' }): DomainsTestApp {
  let dns: TestDnsServer | undefined;
  let clock: Date | undefined;
  beforeAll(async () => {
    dns = await startTestDnsServer();
  });
  afterAll(async () => {
    await dns?.close();
  });
  const t = useTestApp(() => ({ ...profile, resolveDomainTxt: (name: string) => dns!.resolver(name), clock: () => clock ?? new Date() }));
  return {
    t,
    get dns() {
      if (!dns) throw new Error('the DNS server starts in beforeAll; use it inside tests');
      return dns;
    },
    setClock(at) {
      clock = at;
    },
  };
}
