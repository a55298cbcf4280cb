// The organization's policy settings (migration 094, nhi_policy_settings): no row
// means the policy's defaults. Organization Admins change them (nhi-policies:manage),
// each changed policy audited as policy.updated with what it was and what it became;
// a change queues an evaluation, so findings follow the new settings without waiting
// for the next synchronization.
import type { components } from '../../../api/openapi.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { validationFailed } from '../../platform/errors.js';
import { isoOrNull } from '../../platform/http/timestamps.js';
import { recordAudit, type AuditEntry } from '../audit/index.js';
import { POLICIES, POLICY_IDS, type PolicyId, type PolicySettings } from './catalogue.js';
import { queuePolicyEvaluation } from './evaluation-queue.js';

interface PolicyState<Id extends PolicyId = PolicyId> {
  enabled: boolean;
  settings: PolicySettings[Id];
  updatedAt: Date | null;
  updatedByUserId: string | null;
}

export type OrganizationPolicies = { [Id in PolicyId]: PolicyState<Id> };

/** A policy with the organization's settings as the API shows it: the document's NhiPolicy. */
export type NhiPolicy = components['schemas']['NhiPolicy'];

export interface PoliciesCaller {
  orgId: OrgId;
  userId: string;
  audit: Pick<AuditEntry, 'orgId' | 'actor' | 'sourceAddress' | 'correlationId'>;
}

interface SettingsRow {
  policy: string;
  enabled: boolean;
  settings: Record<string, unknown>;
  updated_by_user_id: string;
  updated_at: Date;
}

export async function readPolicies(q: Queryable, orgId: OrgId, lock = false): Promise<OrganizationPolicies> {
  const found = await q.query<SettingsRow>(
    `SELECT policy, enabled, settings, updated_by_user_id, updated_at FROM nhi_policy_settings WHERE org_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [orgId],
  );
  const stored = new Map(found.rows.map((row) => [row.policy, row]));
  const stateOf = <Id extends PolicyId>(id: Id): PolicyState<Id> => {
    const row = stored.get(id);
    const defaults = POLICIES[id].defaults;
    // Stored settings over the defaults: a setting added to a policy later takes its default.
    return row === undefined
      ? { enabled: true, settings: defaults, updatedAt: null, updatedByUserId: null }
      : { enabled: row.enabled, settings: { ...defaults, ...row.settings } as PolicySettings[Id], updatedAt: row.updated_at, updatedByUserId: row.updated_by_user_id };
  };
  return { stale_identity: stateOf('stale_identity'), long_lived_access_key: stateOf('long_lived_access_key'), tool_definition_changed: stateOf('tool_definition_changed') };
}

export function policyViews(policies: OrganizationPolicies): NhiPolicy[] {
  return POLICY_IDS.map((id) => {
    const definition = POLICIES[id];
    const state = policies[id];
    return {
      id,
      name: definition.name,
      description: definition.description,
      severity: definition.severity,
      enabled: state.enabled,
      settings: state.settings,
      updatedAt: isoOrNull(state.updatedAt),
      updatedByUserId: state.updatedByUserId,
    };
  });
}

/** PATCH /nhi/api/v1/policies: each policy named is changed by the members given. */
export async function updatePolicies(db: Database, caller: PoliciesCaller, change: Record<string, unknown>, now: Date): Promise<NhiPolicy[]> {
  const named = Object.keys(change);
  if (named.length === 0) throw validationFailed('name at least one policy to change');
  for (const id of named) if (!(POLICY_IDS as readonly string[]).includes(id)) throw validationFailed(`unknown policy ${id}; the policies are: ${POLICY_IDS.join(', ')}`);
  return db.transaction(async (tx) => {
    const current = await readPolicies(tx, caller.orgId, true);
    let changedAny = false;
    for (const id of POLICY_IDS) {
      const given = change[id] as Record<string, unknown> | undefined;
      if (given === undefined) continue;
      const before = current[id];
      const { enabled: enabledGiven, ...settingsGiven } = given;
      const enabled = enabledGiven === undefined ? before.enabled : enabledGiven === true;
      const settings = (POLICIES[id].merge as (s: unknown, c: Record<string, unknown>) => Record<string, unknown>)(before.settings, settingsGiven);
      const changed = [...(enabled !== before.enabled ? ['enabled'] : []), ...Object.keys(settings).filter((key) => JSON.stringify(settings[key]) !== JSON.stringify((before.settings as Record<string, unknown>)[key]))];
      if (changed.length === 0) continue;
      changedAny = true;
      await tx.query(
        `INSERT INTO nhi_policy_settings (org_id, policy, enabled, settings, updated_by_user_id, updated_at) VALUES ($1, $2, $3, $4::jsonb, $5, $6)
         ON CONFLICT (org_id, policy) DO UPDATE SET enabled = EXCLUDED.enabled, settings = EXCLUDED.settings, updated_by_user_id = EXCLUDED.updated_by_user_id, updated_at = EXCLUDED.updated_at`,
        [caller.orgId, id, enabled, JSON.stringify(settings), caller.userId, now],
      );
      await recordAudit(tx, {
        ...caller.audit,
        action: 'policy.updated',
        subject: id,
        result: 'success',
        detail: { policy: id, changed, before: { enabled: before.enabled, ...before.settings }, after: { enabled, ...settings } },
      });
    }
    if (changedAny) await queuePolicyEvaluation(tx, caller.orgId, { trigger: 'settings' });
    return policyViews(await readPolicies(tx, caller.orgId));
  });
}
