// Calling /api/scim/v2 as a directory would, in the tests: the tenant's directory
// token, application/scim+json bodies, and every response checked against the API
// document by the harness's client.
import { randomUUID } from 'node:crypto';
import type { ApiResponse } from '../../../../test/support/http-client.js';
import type { TestApp, TestTenant } from '../../../../test/support/test-app.js';

export const SCIM = '/api/scim/v2';
export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const PATCH_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
export const ERROR_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:Error';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';

export interface Directory {
  token: string;
  /** A domain the organization has verified: a directory provisions only addresses of its organization's verified domains. */
  domain: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read bodies loosely; the harness validates each against the document
  call(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse<any>>;
}

/** The tenant's directory: a fresh token, the tenant's own verified domain (the same at every call), and calls under /api/scim/v2 with the token. */
export async function directoryOf(t: TestApp, tenant: TestTenant): Promise<Directory> {
  const token = await t.directoryToken(tenant);
  const domain = `scim-${tenant.id.slice(0, 13)}.example.test`;
  await t.db.query(
    `INSERT INTO identity_domains (org_id, domain, verification_token, token_expires_at, verified_at, created_by_user_id)
     VALUES ($1, $2, 'test-token', now() + interval '7 days', now(), $3) ON CONFLICT (org_id, domain) DO NOTHING`,
    [tenant.id, domain, tenant.owner.id],
  );
  return {
    token,
    domain,
    call: (method, path, body, headers = {}) =>
      t.call(method, `${SCIM}${path}`, { token, body, headers: body === undefined ? headers : { 'content-type': 'application/scim+json', ...headers } }),
  };
}

/** A user body as Okta sends one, its address in the domain (the directory's verified one: Directory.domain). */
export function userBody(domain: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const id = randomUUID().slice(0, 8);
  return {
    schemas: [USER_SCHEMA],
    userName: `user.${id}@${domain}`,
    name: { givenName: 'Test', familyName: `User ${id}` },
    emails: [{ primary: true, value: `user.${id}@${domain}`, type: 'work' }],
    displayName: `Test User ${id}`,
    active: true,
    ...overrides,
  };
}

/** A user with no email address: it stands for nobody and holds no seat. */
export const addresslessUserBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => {
  const { emails: _emails, ...body } = userBody('unused.example.test', overrides);
  return { ...body, userName: `login-${randomUUID().slice(0, 8)}`, ...overrides };
};

export const groupBody = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  schemas: [GROUP_SCHEMA],
  displayName: `Group ${randomUUID().slice(0, 8)}`,
  ...overrides,
});

export const patchBody = (...operations: Record<string, unknown>[]): Record<string, unknown> => ({ schemas: [PATCH_SCHEMA], Operations: operations });

/** Creates a user and answers its id. */
export async function createUser(directory: Directory, body: Record<string, unknown> = addresslessUserBody()): Promise<string> {
  const created = await directory.call('POST', '/Users', body);
  if (created.status !== 201) throw new Error(`POST /Users answered ${created.status}: ${created.raw}`);
  return created.body.id as string;
}

/** Creates a group and answers its id. */
export async function createGroup(directory: Directory, body: Record<string, unknown> = groupBody()): Promise<string> {
  const created = await directory.call('POST', '/Groups', body);
  if (created.status !== 201) throw new Error(`POST /Groups answered ${created.status}: ${created.raw}`);
  return created.body.id as string;
}

/** Moves the organization to another plan, as a billing change would. */
export async function setPlan(t: TestApp, tenant: TestTenant, plan: 'free' | 'pro' | 'team' | 'enterprise'): Promise<void> {
  await t.db.query('UPDATE organizations SET plan_code = $2 WHERE id = $1', [tenant.id, plan]);
}

/** The domain as verified by the organization, as a completed DNS verification leaves it (identity/domains proves it for real). */
export async function verifiedDomain(t: TestApp, tenant: TestTenant, domain: string): Promise<void> {
  await t.db.query(
    `INSERT INTO identity_domains (org_id, domain, verification_token, token_expires_at, verified_at, created_by_user_id)
     VALUES ($1, $2, 'test-token', now() + interval '7 days', now(), $3)`,
    [tenant.id, domain, tenant.owner.id],
  );
}

/**
 * Gives an existing person (a tenant's owner, a member the harness signed up) a verified
 * address in the domain, as if they had signed up with it there; answers the address.
 */
export async function verifiedAddressIn(t: TestApp, person: { id: string }, domain: string): Promise<string> {
  const address = `person-${randomUUID().slice(0, 8)}@${domain}`;
  await t.db.query('UPDATE users SET email = $2, email_verified_at = now() WHERE id = $1', [person.id, address]);
  return address;
}

export interface RosterEntry {
  user_id: string;
  email: string;
  role: string;
  arrival: string;
  directory_sourced: boolean;
}

export async function roster(t: TestApp, tenant: TestTenant): Promise<RosterEntry[]> {
  return (await t.call('GET', '/api/v1/members', { token: tenant.owner.token, headers: { 'x-expected-organization': tenant.id } })).body.members;
}
