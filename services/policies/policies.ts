// Policies and their versions (spec 2.7). Reading needs policies:read; authoring
// needs policies:manage, which only people hold (never an API key), both checked
// by the HTTP layer (x-permission). Every statement names the organization; a
// policy of another organization is simply not found.
//
// A version is immutable (the database refuses to rewrite one): editing the rules
// creates the next version. At most one policy of an organization is enabled;
// enabling one disables the one enabled before, in the same transaction. Every
// change is written to the identity audit trail in the transaction that makes it
// (spec 6.2, policy authoring); a refused change writes nothing.
import type { components } from '../../api/openapi.js';
import { originOfContext, recordIdentityEvent, type RequestOrigin } from '../platform/audit/identity-trail.js';
import { asUser } from '../platform/principal.js';
import { requirePrincipal, type RequestContext } from '../platform/http/handler.js';
import type { Database, OrgId, Queryable } from '../platform/db/database.js';
import { notFound } from '../platform/errors.js';
import { canonicalRules, type Rule } from './rules.js';

const DEFAULT_LIST_LIMIT = 50;
const MAX_LIST_LIMIT = 200;

/** The person authoring, and where their request came from: policies:manage is never granted to a machine (spec 2.4). */
interface PolicyAuthor {
  userId: string;
  origin: RequestOrigin;
}

/** The acting person of an authoring request (session-only in the document) with the organization they act in. */
export function authorOf(ctx: RequestContext): { orgId: OrgId; author: PolicyAuthor } {
  const principal = asUser(requirePrincipal(ctx));
  return { orgId: principal.orgId, author: { userId: principal.userId, origin: originOfContext(ctx) } };
}

/** A version of a policy as the API shows it: the document's PolicyVersion. */
type PolicyVersion = components['schemas']['PolicyVersion'];

/** A policy with its newest version (the one a verdict uses while the policy is enabled) as the API shows it: the document's Policy. */
export type Policy = components['schemas']['Policy'];

export interface NewPolicy {
  name: string;
  description?: string | null;
  rules: Rule[];
  enabled?: boolean;
}

export interface PolicyChange {
  name?: string;
  description?: string | null;
  enabled?: boolean;
}

interface VersionRow {
  id: string;
  policy_id: string;
  version: number;
  rules: Rule[];
  created_by: string;
  created_at: Date;
}

interface PolicyRow {
  id: string;
  name: string;
  description: string | null;
  enabled: boolean;
  created_by: string;
  created_at: Date;
  updated_at: Date;
  version_id: string;
  version: number;
  rules: Rule[];
  version_created_by: string;
  version_created_at: Date;
}

const versionColumns = 'id, policy_id, version, rules, created_by, created_at';

// A policy with its current version; every use adds "WHERE p.org_id = $1 ...".
const policyWithVersion = `SELECT p.id, p.name, p.description, p.enabled, p.created_by, p.created_at, p.updated_at,
         v.id AS version_id, v.version, v.rules, v.created_by AS version_created_by, v.created_at AS version_created_at
    FROM policies p JOIN policy_versions v ON v.org_id = p.org_id AND v.policy_id = p.id AND v.version = p.current_version`;

const toVersionView = (row: VersionRow): PolicyVersion => ({
  id: row.id,
  policy_id: row.policy_id,
  version: row.version,
  rules: row.rules,
  created_by: row.created_by,
  created_at: row.created_at.toISOString(),
});

const toPolicyView = (row: PolicyRow): Policy => ({
  id: row.id,
  name: row.name,
  description: row.description,
  enabled: row.enabled,
  latest_version: toVersionView({ id: row.version_id, policy_id: row.id, version: row.version, rules: row.rules, created_by: row.version_created_by, created_at: row.version_created_at }),
  created_by: row.created_by,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** 1 to 200, default 50; the document refuses anything below 1, larger values are clamped. */
export const boundedLimit = (limit: unknown): number => Math.min(typeof limit === 'number' ? limit : DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT);

export async function getPolicy(q: Queryable, orgId: OrgId, policyId: string): Promise<Policy> {
  const found = await q.query<PolicyRow>(`${policyWithVersion} WHERE p.org_id = $1 AND p.id = $2`, [orgId, policyId]);
  const row = found.rows[0];
  if (!row) throw notFound();
  return toPolicyView(row);
}

/** Newest first, bounded by limit (not paginated, spec 4.9). */
export async function listPolicies(q: Queryable, orgId: OrgId, limit: number): Promise<Policy[]> {
  const found = await q.query<PolicyRow>(`${policyWithVersion} WHERE p.org_id = $1 ORDER BY p.created_at DESC, p.id DESC LIMIT $2`, [orgId, limit]);
  return found.rows.map(toPolicyView);
}

/** Newest version first, bounded by limit; 404 for a policy that is not the organization's. */
export async function listPolicyVersions(q: Queryable, orgId: OrgId, policyId: string, limit: number): Promise<PolicyVersion[]> {
  await getPolicy(q, orgId, policyId);
  const found = await q.query<VersionRow>(
    `SELECT ${versionColumns} FROM policy_versions WHERE org_id = $1 AND policy_id = $2 ORDER BY version DESC LIMIT $3`,
    [orgId, policyId, limit],
  );
  return found.rows.map(toVersionView);
}

export async function getPolicyVersion(q: Queryable, orgId: OrgId, policyId: string, version: number): Promise<PolicyVersion> {
  const found = await q.query<VersionRow>(`SELECT ${versionColumns} FROM policy_versions WHERE org_id = $1 AND policy_id = $2 AND version = $3`, [orgId, policyId, version]);
  const row = found.rows[0];
  if (!row) throw notFound();
  return toVersionView(row);
}

/** The enabled policy of the organization with its latest version: what a verdict evaluates. */
export interface EnabledPolicy {
  policyId: string;
  name: string;
  versionId: string;
  version: number;
  rules: Rule[];
}

export async function findEnabledPolicy(q: Queryable, orgId: OrgId): Promise<EnabledPolicy | undefined> {
  const found = await q.query<PolicyRow>(`${policyWithVersion} WHERE p.org_id = $1 AND p.enabled`, [orgId], { prepared: true });
  const row = found.rows[0];
  return row && { policyId: row.id, name: row.name, versionId: row.version_id, version: row.version, rules: row.rules };
}

async function recordAuthoring(tx: Queryable, orgId: OrgId, author: PolicyAuthor, action: string, detail: Record<string, unknown>): Promise<void> {
  await recordIdentityEvent(tx, orgId, author.origin, { actor: { userId: author.userId }, action, detail });
}

async function insertVersion(tx: Queryable, orgId: OrgId, author: PolicyAuthor, policyId: string, version: number, rules: Rule[]): Promise<VersionRow> {
  const inserted = await tx.query<VersionRow>(
    `INSERT INTO policy_versions (org_id, policy_id, version, rules, created_by) VALUES ($1, $2, $3, $4, $5) RETURNING ${versionColumns}`,
    [orgId, policyId, version, JSON.stringify(rules), author.userId],
  );
  return inserted.rows[0]!;
}

interface LockedPolicy {
  id: string;
  name: string;
  description: string | null;
  enabled: boolean;
  current_version: number;
}

async function lockPolicy(tx: Queryable, orgId: OrgId, policyId: string): Promise<LockedPolicy> {
  const found = await tx.query<LockedPolicy>('SELECT id, name, description, enabled, current_version FROM policies WHERE org_id = $1 AND id = $2 FOR UPDATE', [
    orgId,
    policyId,
  ]);
  const row = found.rows[0];
  if (!row) throw notFound();
  return row;
}

/**
 * Enabling is serialized per organization on its row, taken before any policy
 * row so every enabling transaction locks in the same order: two concurrent
 * enables leave exactly the later one enabled. FOR NO KEY UPDATE, because the
 * foreign-key checks of the organization's other writers do not wait for it.
 */
async function serializeEnabling(tx: Queryable, orgId: OrgId): Promise<void> {
  await tx.query('SELECT id FROM organizations WHERE id = $1 FOR NO KEY UPDATE', [orgId]);
}

/** Enables the policy and disables the one enabled before, each audited. The caller has serialized enabling. */
async function enable(tx: Queryable, orgId: OrgId, author: PolicyAuthor, policy: { id: string; name: string }): Promise<void> {
  const replaced = await tx.query<{ id: string; name: string }>(
    'UPDATE policies SET enabled = false, updated_at = clock_timestamp() WHERE org_id = $1 AND enabled AND id <> $2 RETURNING id, name',
    [orgId, policy.id],
  );
  for (const previous of replaced.rows) {
    await recordAuthoring(tx, orgId, author, 'policy.disabled', { policy_id: previous.id, name: previous.name, reason: 'replaced', replaced_by: policy.id });
  }
  await tx.query('UPDATE policies SET enabled = true, updated_at = clock_timestamp() WHERE org_id = $1 AND id = $2', [orgId, policy.id]);
  await recordAuthoring(tx, orgId, author, 'policy.enabled', { policy_id: policy.id, name: policy.name, replaced: replaced.rows[0]?.id ?? null });
}

/** A policy with version 1 of its rules; disabled unless asked otherwise. */
export async function createPolicy(db: Database, orgId: OrgId, author: PolicyAuthor, input: NewPolicy): Promise<Policy> {
  const rules = canonicalRules(input.rules);
  return db.transaction(async (tx) => {
    if (input.enabled === true) await serializeEnabling(tx, orgId);
    const created = await tx.query<{ id: string }>(
      'INSERT INTO policies (org_id, name, description, current_version, created_by) VALUES ($1, $2, $3, 1, $4) RETURNING id',
      [orgId, input.name, input.description ?? null, author.userId],
    );
    const policyId = created.rows[0]!.id;
    const version = await insertVersion(tx, orgId, author, policyId, 1, rules);
    await recordAuthoring(tx, orgId, author, 'policy.created', { policy_id: policyId, name: input.name, version: 1, version_id: version.id, rule_count: rules.length });
    if (input.enabled === true) await enable(tx, orgId, author, { id: policyId, name: input.name });
    return getPolicy(tx, orgId, policyId);
  });
}

/** The next version of the policy's rules (version numbers 1, 2, 3...); an enabled policy's verdicts use it from now on. */
export async function createPolicyVersion(db: Database, orgId: OrgId, author: PolicyAuthor, policyId: string, input: { rules: Rule[] }): Promise<PolicyVersion> {
  const rules = canonicalRules(input.rules);
  return db.transaction(async (tx) => {
    const policy = await lockPolicy(tx, orgId, policyId);
    const next = policy.current_version + 1;
    const version = await insertVersion(tx, orgId, author, policy.id, next, rules);
    await tx.query('UPDATE policies SET current_version = $3, updated_at = clock_timestamp() WHERE org_id = $1 AND id = $2', [orgId, policy.id, next]);
    await recordAuthoring(tx, orgId, author, 'policy.version_created', { policy_id: policy.id, name: policy.name, version: next, version_id: version.id, rule_count: rules.length });
    return toVersionView(version);
  });
}

/** Renames, describes, enables or disables. Fields left out or equal to the current value change nothing and write nothing. */
export async function updatePolicy(db: Database, orgId: OrgId, author: PolicyAuthor, policyId: string, input: PolicyChange): Promise<Policy> {
  return db.transaction(async (tx) => {
    if (input.enabled === true) await serializeEnabling(tx, orgId);
    const policy = await lockPolicy(tx, orgId, policyId);
    const changes: { name?: string; description?: string | null } = {};
    if (input.name !== undefined && input.name !== policy.name) changes.name = input.name;
    if (input.description !== undefined && input.description !== policy.description) changes.description = input.description;
    if (Object.keys(changes).length > 0) {
      await tx.query(
        `UPDATE policies SET name = $3, description = $4, updated_at = clock_timestamp() WHERE org_id = $1 AND id = $2`,
        [orgId, policy.id, changes.name ?? policy.name, 'description' in changes ? changes.description : policy.description],
      );
      await recordAuthoring(tx, orgId, author, 'policy.updated', { policy_id: policy.id, changes });
    }
    const name = changes.name ?? policy.name;
    if (input.enabled === true && !policy.enabled) await enable(tx, orgId, author, { id: policy.id, name });
    if (input.enabled === false && policy.enabled) {
      await tx.query('UPDATE policies SET enabled = false, updated_at = clock_timestamp() WHERE org_id = $1 AND id = $2', [orgId, policy.id]);
      await recordAuthoring(tx, orgId, author, 'policy.disabled', { policy_id: policy.id, name, reason: 'manual' });
    }
    return getPolicy(tx, orgId, policy.id);
  });
}
