// The organization's runtime rules: written by Organization Admins
// (runtime-rules:manage), read by every module role (runtime-decisions:read), each
// change audited in the module's trail in its transaction.
import type { components } from '../../../api/openapi.js';
import { isUuid } from '../../platform/ids.js';
import { randomUUID } from 'node:crypto';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { conflict, notFound } from '../../platform/errors.js';
import { recordAudit, type AuditEntry } from '../audit/index.js';
import { canonicalRule, type NhiRuntimeRuleDefinition } from './rule-language.js';

/** Enough for an organization's gateways; every decision reads the enabled ones whole. */
export const MAX_RULES = 100;

/** A rule as the API shows it: the document's NhiRuntimeRule. */
export type NhiRuntimeRule = components['schemas']['NhiRuntimeRule'];

export interface RuntimeRule {
  id: string;
  name: string;
  effect: NhiRuntimeRuleDefinition['effect'];
  match: NhiRuntimeRuleDefinition['match'];
  when: NonNullable<NhiRuntimeRuleDefinition['when']>;
}

interface RuleRow {
  id: string;
  name: string;
  effect: NhiRuntimeRuleDefinition['effect'];
  enabled: boolean;
  match: NhiRuntimeRuleDefinition['match'];
  condition: NonNullable<NhiRuntimeRuleDefinition['when']> | null;
  created_at: Date;
  created_by_user_id: string;
  updated_at: Date;
  updated_by_user_id: string;
}

export interface RulesCaller {
  orgId: OrgId;
  userId: string;
  audit: Pick<AuditEntry, 'orgId' | 'actor' | 'sourceAddress' | 'correlationId'>;
}

export type RuleChange = Partial<NhiRuntimeRuleDefinition>;

const RULE_COLUMNS = 'id, name, effect, enabled, match, condition, created_at, created_by_user_id, updated_at, updated_by_user_id';

const viewOf = (row: RuleRow): NhiRuntimeRule => ({
  id: row.id,
  name: row.name,
  effect: row.effect,
  enabled: row.enabled,
  match: row.match,
  when: row.condition ?? {},
  createdAt: row.created_at.toISOString(),
  createdByUserId: row.created_by_user_id,
  updatedAt: row.updated_at.toISOString(),
  updatedByUserId: row.updated_by_user_id,
});

/** The definition as recorded in the trail: what the rule says, without bookkeeping. */
const definitionOf = (view: NhiRuntimeRule): NhiRuntimeRuleDefinition => ({ name: view.name, effect: view.effect, enabled: view.enabled, match: view.match, when: view.when });

/**
 * Serializes the organization's rule creations and renames on its row, so the count
 * limit and the unique name are checked (and answered 409) rather than raced.
 */
async function lockOrganizationRules(tx: Queryable, orgId: OrgId): Promise<void> {
  await tx.query('SELECT 1 FROM organizations WHERE id = $1 FOR NO KEY UPDATE', [orgId]);
}

async function refuseTakenName(tx: Queryable, orgId: OrgId, name: string): Promise<void> {
  const taken = await tx.query('SELECT 1 FROM nhi_runtime_rules WHERE org_id = $1 AND name = $2', [orgId, name]);
  if (taken.rows.length > 0) throw conflict(`a runtime rule named "${name}" already exists`);
}

async function selectRule(q: Queryable, orgId: OrgId, ruleId: string, lock = false): Promise<RuleRow> {
  if (!isUuid(ruleId)) throw notFound();
  const found = await q.query<RuleRow>(`SELECT ${RULE_COLUMNS} FROM nhi_runtime_rules WHERE org_id = $1 AND id = $2${lock ? ' FOR UPDATE' : ''}`, [orgId, ruleId]);
  if (found.rows[0] === undefined) throw notFound();
  return found.rows[0];
}

export async function listRules(q: Queryable, orgId: OrgId): Promise<NhiRuntimeRule[]> {
  const found = await q.query<RuleRow>(`SELECT ${RULE_COLUMNS} FROM nhi_runtime_rules WHERE org_id = $1 ORDER BY name, id`, [orgId]);
  return found.rows.map(viewOf);
}

export async function getRule(q: Queryable, orgId: OrgId, ruleId: string): Promise<NhiRuntimeRule> {
  return viewOf(await selectRule(q, orgId, ruleId));
}

/** The enabled rules a decision weighs. */
export async function enabledRules(q: Queryable, orgId: OrgId): Promise<RuntimeRule[]> {
  const found = await q.query<RuleRow>(`SELECT ${RULE_COLUMNS} FROM nhi_runtime_rules WHERE org_id = $1 AND enabled ORDER BY name, id`, [orgId]);
  return found.rows.map((row) => ({ id: row.id, name: row.name, effect: row.effect, match: row.match, when: row.condition ?? {} }));
}

export async function createRule(db: Database, caller: RulesCaller, definition: NhiRuntimeRuleDefinition, now: Date): Promise<NhiRuntimeRule> {
  const rule = canonicalRule(definition);
  return db.transaction(async (tx) => {
    await lockOrganizationRules(tx, caller.orgId);
    const count = (await tx.query<{ n: number }>('SELECT count(*)::integer AS n FROM nhi_runtime_rules WHERE org_id = $1', [caller.orgId])).rows[0]!.n;
    if (count >= MAX_RULES) throw conflict(`an organization has at most ${MAX_RULES} runtime rules: delete one first`);
    await refuseTakenName(tx, caller.orgId, rule.name);
    const id = randomUUID();
    await tx.query(
      `INSERT INTO nhi_runtime_rules (org_id, id, name, effect, enabled, match, condition, created_at, created_by_user_id, updated_at, updated_by_user_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $8, $9)`,
      [caller.orgId, id, rule.name, rule.effect, rule.enabled, JSON.stringify(rule.match), rule.when ? JSON.stringify(rule.when) : null, now, caller.userId],
    );
    const created = viewOf(await selectRule(tx, caller.orgId, id));
    await recordAudit(tx, { ...caller.audit, action: 'runtime_rule.created', subject: id, result: 'success', detail: { ruleId: id, rule: definitionOf(created) } });
    return created;
  });
}

/**
 * Changes the fields given. Switching `enabled` is audited as runtime_rule.enabled or
 * .disabled, any other change as runtime_rule.updated (with the fields changed, before
 * and after); a change that changes nothing records nothing.
 */
export async function updateRule(db: Database, caller: RulesCaller, ruleId: string, change: RuleChange, now: Date): Promise<NhiRuntimeRule> {
  return db.transaction(async (tx) => {
    const before = viewOf(await selectRule(tx, caller.orgId, ruleId, true));
    const merged = canonicalRule({
      name: change.name ?? before.name,
      effect: change.effect ?? before.effect,
      enabled: change.enabled ?? before.enabled,
      match: change.match ?? before.match,
      when: change.when ?? before.when,
    });
    const after: NhiRuntimeRuleDefinition = { ...merged, when: merged.when ?? {} };
    const previous = definitionOf(before);
    const changed = (Object.keys(after) as (keyof NhiRuntimeRuleDefinition)[]).filter((field) => JSON.stringify(after[field]) !== JSON.stringify(previous[field]));
    if (changed.length === 0) return before;
    if (changed.includes('name')) {
      await lockOrganizationRules(tx, caller.orgId);
      await refuseTakenName(tx, caller.orgId, after.name);
    }
    await tx.query(
      `UPDATE nhi_runtime_rules SET name = $3, effect = $4, enabled = $5, match = $6, condition = $7, updated_at = $8, updated_by_user_id = $9
        WHERE org_id = $1 AND id = $2`,
      [caller.orgId, before.id, after.name, after.effect, after.enabled, JSON.stringify(after.match), merged.when ? JSON.stringify(merged.when) : null, now, caller.userId],
    );
    const definitionChanged = changed.filter((field) => field !== 'enabled');
    if (definitionChanged.length > 0) {
      const pick = (rule: NhiRuntimeRuleDefinition) => Object.fromEntries(definitionChanged.map((field) => [field, rule[field]]));
      await recordAudit(tx, { ...caller.audit, action: 'runtime_rule.updated', subject: before.id, result: 'success', detail: { ruleId: before.id, name: after.name, changed: definitionChanged, before: pick(previous), after: pick(after) } });
    }
    if (changed.includes('enabled')) {
      await recordAudit(tx, { ...caller.audit, action: after.enabled ? 'runtime_rule.enabled' : 'runtime_rule.disabled', subject: before.id, result: 'success', detail: { ruleId: before.id, name: after.name } });
    }
    return viewOf(await selectRule(tx, caller.orgId, before.id));
  });
}

export async function deleteRule(db: Database, caller: RulesCaller, ruleId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rule = viewOf(await selectRule(tx, caller.orgId, ruleId, true));
    await tx.query('DELETE FROM nhi_runtime_rules WHERE org_id = $1 AND id = $2', [caller.orgId, rule.id]);
    await recordAudit(tx, { ...caller.audit, action: 'runtime_rule.deleted', subject: rule.id, result: 'success', detail: { ruleId: rule.id, rule: definitionOf(rule) } });
  });
}
