// Test-only: identities straight into a tenant's inventory (the remediation tests act
// on what a collector would have put there, with the attributes it writes) and
// remediations asked for, decided and read through the API.
import { randomUUID } from 'node:crypto';
import type { TestApp, TestPerson, TestTenant } from '../../../../test/support/test-app.js';
import type { Remediation } from '../records.js';

export interface SeededIdentity {
  kind: string;
  provider: string;
  externalId: string;
  name: string;
  connectorId?: string;
  attributes?: Record<string, unknown>;
  fingerprint?: string | null;
}

/** An identity straight into the tenant's inventory; its id. */
export async function seedIdentity(t: TestApp, tenant: TestTenant, identity: SeededIdentity): Promise<string> {
  const id = randomUUID();
  await t.db.query(
    `INSERT INTO nhi_identities (org_id, id, connector_id, kind, provider, external_id, name, attributes, fingerprint, first_seen_at, last_seen_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, now(), now())`,
    [tenant.id, id, identity.connectorId ?? randomUUID(), identity.kind, identity.provider, identity.externalId, identity.name, JSON.stringify(identity.attributes ?? {}), identity.fingerprint ?? null],
  );
  return id;
}

/** An AWS role (which supports only the manual action), straight into the inventory. */
export const seedRole = (t: TestApp, tenant: TestTenant): Promise<string> =>
  seedIdentity(t, tenant, { kind: 'aws_iam_role', provider: 'aws', externalId: `arn:aws:iam::123456789012:role/seeded-${randomUUID()}`, name: 'seeded-role' });

/** POST /nhi/api/v1/remediations as the person; the created remediation. */
export async function askForRemediation(t: TestApp, person: TestPerson, body: Record<string, unknown>): Promise<Remediation> {
  const response = await t.call('POST', '/nhi/api/v1/remediations', { token: person.token, body });
  if (response.status !== 201) throw new Error(`POST /nhi/api/v1/remediations answered ${response.status}: ${response.raw}`);
  return response.body;
}

/** A pending manual remediation of a seeded role, asked for by the person (the tenant's owner unless given). */
export async function pendingRemediation(t: TestApp, tenant: TestTenant, requester: TestPerson = tenant.owner): Promise<Remediation> {
  const identityId = await seedRole(t, tenant);
  return askForRemediation(t, requester, { identityId, action: 'manual', reason: 'remove the role’s administrator policy' });
}

/** GET /nhi/api/v1/remediations/{id} as the person. */
export async function remediationOf(t: TestApp, person: TestPerson, id: string): Promise<Remediation> {
  const response = await t.call('GET', `/nhi/api/v1/remediations/${id}`, { token: person.token });
  if (response.status !== 200) throw new Error(`GET /nhi/api/v1/remediations/${id} answered ${response.status}: ${response.raw}`);
  return response.body;
}
