// Test-only: identities straight into a tenant's inventory (for the security suite's
// fixtures; the lifecycle tests put identities in through the collection pipeline)
// and findings opened through the real evaluation route.
import { randomBytes, randomUUID } from 'node:crypto';
import type { TestApp, TestPerson, TestTenant } from '../../../../test/support/test-app.js';
import type { NhiFinding } from '../findings.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** An AWS role last used `daysAgo` days ago, straight into the tenant's inventory. */
export async function seedUsedRole(t: TestApp, tenant: TestTenant, daysAgo: number): Promise<string> {
  const id = randomUUID();
  await t.db.query(
    `INSERT INTO nhi_identities (org_id, id, connector_id, kind, provider, external_id, name, last_used_at, first_seen_at, last_seen_at)
     VALUES ($1, $2, $3, 'aws_iam_role', 'aws', $4, 'seeded-role', $5, now(), now())`,
    [tenant.id, id, randomUUID(), `arn:aws:iam::123456789012:role/seeded-${id}`, new Date(Date.now() - daysAgo * DAY_MS)],
  );
  return id;
}

/** A tool-server tool with a definition fingerprint, straight into the tenant's inventory. */
export async function seedTool(t: TestApp, tenant: TestTenant, fingerprint = randomBytes(32).toString('hex')): Promise<{ id: string; fingerprint: string }> {
  const id = randomUUID();
  await t.db.query(
    `INSERT INTO nhi_identities (org_id, id, connector_id, kind, provider, external_id, name, fingerprint, first_seen_at, last_seen_at)
     VALUES ($1, $2, $3, 'mcp_tool', 'mcp', $4, 'seeded-tool', $5, now(), now())`,
    [tenant.id, id, randomUUID(), `mcp:https://tools.example.com/mcp#tool:${id}`, fingerprint],
  );
  return { id, fingerprint };
}

/** POST /nhi/api/v1/policies/evaluations as the person. */
export async function evaluate(t: TestApp, person: TestPerson) {
  const response = await t.call('POST', '/nhi/api/v1/policies/evaluations', { token: person.token });
  if (response.status !== 200) throw new Error(`POST /nhi/api/v1/policies/evaluations answered ${response.status}: ${response.raw}`);
  return response.body;
}

/** The tenant's findings as its owner sees them (up to 200). */
export async function findingsOf(t: TestApp, tenant: TestTenant, query = ''): Promise<NhiFinding[]> {
  const response = await t.call('GET', `/nhi/api/v1/findings?limit=200${query}`, { token: tenant.owner.token });
  if (response.status !== 200) throw new Error(`GET /nhi/api/v1/findings answered ${response.status}: ${response.raw}`);
  return response.body.items;
}

/** An open stale_identity finding of the tenant, through a seeded role and an evaluation. */
export async function openStaleFinding(t: TestApp, tenant: TestTenant): Promise<NhiFinding> {
  const identityId = await seedUsedRole(t, tenant, 400);
  await evaluate(t, tenant.owner);
  const finding = (await findingsOf(t, tenant, `&identityId=${identityId}`))[0];
  if (finding === undefined) throw new Error('the evaluation opened no finding for a role unused for 400 days');
  return finding;
}
