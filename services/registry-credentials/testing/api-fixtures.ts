// Test-only: registry credentials stored through the real routes, and the watch that
// shows no response ever carries a stored secret.
import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ApiResponse } from '../../../test/support/http-client.js';
import type { TestApp, TestPerson, TestTenant } from '../../../test/support/test-app.js';
import type { RegistryCredential } from '../registry-credentials.js';

const issuedSecrets = new Set<string>();
const responseBodies: string[] = [];
const watchedApps = new WeakSet<TestApp>();

/** A fresh secret, remembered so expectNoResponseCarriedASecret can look for it. */
export function newRegistrySecret(): string {
  const secret = `rs-${randomBytes(24).toString('base64url')}`;
  issuedSecrets.add(secret);
  return secret;
}

/** A registry host no other test uses. */
export const uniqueRegistry = (): string => `registry-${randomUUID().slice(0, 8)}.example.com`;

/**
 * Keeps every response body the app's client answers from now on (the handler
 * tests', and the security suite's once a fixture ran), for expectNoResponseCarriedASecret.
 */
export function watchResponses(t: TestApp): void {
  if (watchedApps.has(t)) return;
  watchedApps.add(t);
  const call = t.call;
  t.call = (async (method: string, url: string, options?: Parameters<TestApp['call']>[2]) => {
    const response = await call(method, url, options);
    responseBodies.push(response.raw);
    return response;
  }) as TestApp['call'];
}

/** No body watched so far contains any secret this file issued. */
export function expectNoResponseCarriedASecret(): void {
  expect(responseBodies.length, 'responses were watched').toBeGreaterThan(0);
  expect(issuedSecrets.size, 'secrets were stored').toBeGreaterThan(0);
  const leaked = [...issuedSecrets].filter((secret) => responseBodies.some((body) => body.includes(secret)));
  expect(leaked, 'a response carried a stored secret').toEqual([]);
}

export interface StoredCredential extends RegistryCredential {
  /** What was sent; never part of a response. */
  secret: string;
}

/** POST /api/v1/registry-credentials as the person, in the organization they act in. */
export async function storeCredential(t: TestApp, person: TestPerson, body: { registry?: string; username?: string; secret?: string } = {}): Promise<StoredCredential> {
  watchResponses(t);
  const sent = { registry: uniqueRegistry(), username: 'ci-robot', secret: newRegistrySecret(), ...body };
  const response = await t.call('POST', '/api/v1/registry-credentials', { token: person.token, body: sent });
  if (response.status !== 201) throw new Error(`POST /api/v1/registry-credentials answered ${response.status}: ${response.raw}`);
  return { ...response.body, secret: sent.secret };
}

/**
 * The other tenant's request for the owner's credential answers exactly like one for
 * an id that does not exist (404, same bytes), and changes nothing the owner can see.
 */
export async function expectForeignAnsweredAsMissing(
  t: TestApp,
  tenants: { owner: TestTenant; other: TestTenant },
  request: (token: string, id: string) => Promise<ApiResponse>,
  ownedId: string,
): Promise<void> {
  const before = await ownerView(t, tenants.owner);
  const foreign = await request(tenants.other.owner.token, ownedId);
  const missing = await request(tenants.other.owner.token, randomUUID());
  expect(foreign.status).toBe(404);
  expect(foreign.raw).toBe(missing.raw);
  expect(await ownerView(t, tenants.owner)).toEqual(before);
}

const ownerView = async (t: TestApp, tenant: TestTenant) => ({
  snapshot: await t.snapshot(tenant),
  credentials: (await t.call('GET', '/api/v1/registry-credentials', { token: tenant.owner.token })).body,
});

/** The tenant's identity-trail events of one action, newest first. */
export async function auditEvents(t: TestApp, tenant: TestTenant, action: string): Promise<{ actor: unknown; detail: Record<string, unknown> }[]> {
  return (await t.call('GET', `/api/v1/identity/audit?action=${action}`, { token: tenant.owner.token })).body.events;
}
