import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, testProfiles, type TestTenant } from '../../../../test/support/test-app.js';
import { systemScope } from '../../../platform/tenancy.js';
import { LAPSE_GRACE_MS, RETRY_AFTER_FAILURE_MS, REVERIFY_INTERVAL_MS, TOKEN_LIFETIME_MS, type ClaimedDomain } from '../domain-claims.js';
import { verifiedDomainOwnerOf } from '../index.js';
import { reverifyDueDomains } from './reverification.js';
import { claim, publish, useDomainsTestApp } from '../testing/domains.js';
import type { TxtResolver } from '../txt-resolver.js';

const HOUR_MS = 60 * 60_000;

describe.each(testProfiles)('re-verification of verified domains ($profile)', (profile) => {
  const app = useDomainsTestApp(profile);
  const { t } = app;
  expectNeighbourUntouchedAfterEach(t);
  const scope = systemScope('reverify-domains');
  const sweep = (at: number, resolveTxt: TxtResolver = app.dns.resolver) => reverifyDueDomains({ db: t.current.db, resolveTxt }, scope, new Date(at));
  const read = async (tenant: TestTenant, id: string): Promise<ClaimedDomain> => (await t.current.call('GET', `/api/v1/identity/domains/${id}`, { token: tenant.owner.token })).body;
  const trail = async (tenant: TestTenant, action: string) =>
    ((await t.current.call('GET', `/api/v1/identity/audit?action=${action}`, { token: tenant.owner.token })).body.events as { actor: { kind: string }; detail: Record<string, unknown> }[]).reverse();
  const owner = (domain: string) => verifiedDomainOwnerOf(t.current.db, systemScope('match-verified-domain'), `ada@${domain}`);

  /** The test server's resolver, noting each name asked. */
  const recording =
    (asked: string[]): TxtResolver =>
    (name) => {
      asked.push(name);
      return app.dns.resolver(name);
    };

  async function verified(tenant: TestTenant): Promise<ClaimedDomain> {
    const claimed = await claim(t.current, tenant);
    publish(app.dns, claimed);
    const response = await t.current.call('POST', `/api/v1/identity/domains/${claimed.id}/verify`, { token: tenant.owner.token });
    expect(response.status).toBe(200);
    return response.body;
  }

  it('checks each domain daily in its own organization, and lets one whose record is gone lapse after three days of failures', async () => {
    const [kept, dropped] = await t.current.twoTenants();
    const keptDomain = await verified(kept);
    const droppedDomain = await verified(dropped);
    const verifiedAt = Date.parse(droppedDomain.verified_at!);

    // Not due yet: nothing is looked up.
    const asked = app.dns.queries();
    await sweep(verifiedAt + REVERIFY_INTERVAL_MS - HOUR_MS);
    expect(app.dns.queries()).toBe(asked);

    app.dns.set(droppedDomain.verification.name, undefined);
    const firstFailure = verifiedAt + REVERIFY_INTERVAL_MS + HOUR_MS;
    expect((await sweep(firstFailure)).checked).toBeGreaterThanOrEqual(2);
    expect(await read(kept, keptDomain.id)).toMatchObject({ state: 'verified', consecutive_failures: 0, last_check_error: null, last_checked_at: new Date(firstFailure).toISOString() });
    expect(await read(dropped, droppedDomain.id)).toMatchObject({ state: 'verified', consecutive_failures: 1, last_checked_at: new Date(firstFailure).toISOString() });
    // Still verified while the grace period runs.
    expect(await owner(droppedDomain.domain)).toMatchObject({ orgId: dropped.id });

    // Every six hours after a failure, until three days have passed since the first.
    let at = firstFailure;
    while (at + RETRY_AFTER_FAILURE_MS < firstFailure + LAPSE_GRACE_MS) {
      at += RETRY_AFTER_FAILURE_MS;
      await sweep(at);
      expect((await read(dropped, droppedDomain.id)).state).toBe('verified');
    }
    const lapseAt = firstFailure + LAPSE_GRACE_MS;
    await sweep(lapseAt);
    const lapsed = await read(dropped, droppedDomain.id);
    expect(lapsed).toMatchObject({
      state: 'pending',
      verified_at: null,
      verification_lapsed_at: new Date(lapseAt).toISOString(),
      verification: { value: droppedDomain.verification.value, token_expires_at: new Date(lapseAt + TOKEN_LIFETIME_MS).toISOString() },
    });
    expect(lapsed.last_check_error).toMatch(/no TXT record found/);
    expect(await owner(droppedDomain.domain)).toBeUndefined();
    expect(await owner(keptDomain.domain)).toMatchObject({ orgId: kept.id });

    const failures = await trail(dropped, 'domain.verification_failed');
    expect(failures.length).toBe(lapsed.consecutive_failures);
    expect(failures.length).toBeGreaterThanOrEqual(3);
    expect(failures.every((e) => e.actor.kind === 'system' && e.detail.domain_id === droppedDomain.id && e.detail.failing_since === new Date(firstFailure).toISOString())).toBe(true);
    expect(await trail(dropped, 'domain.verification_lapsed')).toEqual([
      expect.objectContaining({ actor: expect.objectContaining({ kind: 'system' }), detail: expect.objectContaining({ domain_id: droppedDomain.id, consecutive_failures: failures.length }) }),
    ]);
    expect(await trail(kept, 'domain.verification_failed')).toEqual([]);

    // A lapsed domain is not checked again; putting the record back and verifying restores it with the same token.
    const askedAfterLapse: string[] = [];
    await sweep(lapseAt + 2 * REVERIFY_INTERVAL_MS, recording(askedAfterLapse));
    expect(askedAfterLapse).toContain(keptDomain.verification.name);
    expect(askedAfterLapse).not.toContain(droppedDomain.verification.name);
    publish(app.dns, droppedDomain);
    expect((await t.current.call('POST', `/api/v1/identity/domains/${droppedDomain.id}/verify`, { token: dropped.owner.token })).body.state).toBe('verified');
  });

  it('forgets failures once the record answers again, recording the recovery', async () => {
    const tenant = await t.current.tenant();
    const domain = await verified(tenant);
    const verifiedAt = Date.parse(domain.verified_at!);
    app.dns.set(domain.verification.name, 'servfail');
    await sweep(verifiedAt + REVERIFY_INTERVAL_MS);
    expect((await read(tenant, domain.id)).last_check_error).toMatch(/failed \(ESERVFAIL\)/);
    publish(app.dns, domain);
    const recoveredAt = verifiedAt + REVERIFY_INTERVAL_MS + RETRY_AFTER_FAILURE_MS;
    await sweep(recoveredAt);
    expect(await read(tenant, domain.id)).toMatchObject({ state: 'verified', consecutive_failures: 0, last_check_error: null });
    expect((await trail(tenant, 'domain.verification_restored')).map((e) => e.detail)).toEqual([{ domain_id: domain.id, domain: domain.domain, failures_before: 1 }]);
    // The next check is a day after the good one.
    const askedEarly: string[] = [];
    await sweep(recoveredAt + REVERIFY_INTERVAL_MS - HOUR_MS, recording(askedEarly));
    expect(askedEarly).not.toContain(domain.verification.name);
    const askedWhenDue: string[] = [];
    await sweep(recoveredAt + REVERIFY_INTERVAL_MS, recording(askedWhenDue));
    expect(askedWhenDue).toContain(domain.verification.name);
  });

  it('checks at once a verified domain that has no next check yet (one written directly)', async () => {
    const tenant = await t.current.tenant();
    const claimed = await claim(t.current, tenant);
    await t.current.db.query('UPDATE identity_domains SET verified_at = now() WHERE org_id = $1 AND id = $2', [tenant.id, claimed.id]);
    const asked: string[] = [];
    await sweep(Date.now(), recording(asked));
    expect(asked).toContain(claimed.verification.name);
    expect((await read(tenant, claimed.id)).consecutive_failures).toBe(1);
  });

  it('records nothing for a domain released while its record was being looked up', async () => {
    const tenant = await t.current.tenant();
    const domain = await verified(tenant);
    app.dns.set(domain.verification.name, undefined);
    await sweep(Date.parse(domain.verified_at!) + REVERIFY_INTERVAL_MS, async (name) => {
      if (name === domain.verification.name) {
        expect((await t.current.call('DELETE', `/api/v1/identity/domains/${domain.id}`, { token: tenant.owner.token })).status).toBe(204);
      }
      return app.dns.resolver(name);
    });
    expect(await trail(tenant, 'domain.verification_failed')).toEqual([]);
    const { rows } = await t.current.db.query('SELECT 1 FROM identity_domains WHERE id = $1', [domain.id]);
    expect(rows).toEqual([]);
  });
});
