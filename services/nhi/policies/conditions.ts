// What each policy judges, as queries over the organization's inventory (the
// collection's nhi_identities, read here rather than through an API of the
// collection: an evaluation reads every active identity at once, and the stale
// report pages through a judgement the database computes).
//
// stale_identity answers, for every active identity (spec 8):
//   - last use reported (last_used_at): stale when older than the threshold, else not stale;
//   - reported as never used (last_used_at null, attributes.lastUse.status 'never_used',
//     the cloud-account collector's mark for roles and keys IAM reports unused):
//     stale when its creation (attributes.createdAt) is older than the threshold, not
//     stale when newer (a new key not used yet); with no creation date, stale when the
//     inventory has held it longer than the threshold (it was created before that),
//     otherwise not assessable (its age is unknown);
//   - last use not reported (every other null): not assessable.
// The threshold is the organization's thresholdDays, or its kindThresholdDays for the
// identity's kind.
import type { OrgId, Queryable } from '../../platform/db/database.js';
import type { LongLivedAccessKeySettings, StaleIdentitySettings } from './catalogue.js';

export const STALE_ANSWERS = ['stale', 'not_stale', 'not_assessable'] as const;
export type StaleAnswer = (typeof STALE_ANSWERS)[number];
export type StaleBasis = 'last_use' | 'never_used_since_creation' | 'never_used_since_first_seen' | 'never_used_age_unknown' | 'last_use_not_reported';

/**
 * The organization's active identities with their stale answer, as a FROM item. $1 is
 * the organization; `at`, `days` and `kinds` name the placeholders of the time of
 * judgement, thresholdDays and kindThresholdDays (jsonb).
 */
export function assessedIdentities(placeholders: { at: string; days: string; kinds: string }): string {
  const { at, days, kinds } = placeholders;
  return `(
    SELECT i.org_id, i.id, i.connector_id, i.kind, i.provider, i.external_id, i.name, i.first_seen_at, i.last_used_at,
           a.created_at, a.threshold_days, a.never_used,
           CASE
             WHEN i.last_used_at IS NOT NULL THEN CASE WHEN i.last_used_at < c.cutoff THEN 'stale' ELSE 'not_stale' END
             WHEN a.never_used AND a.created_at IS NOT NULL THEN CASE WHEN a.created_at < c.cutoff THEN 'stale' ELSE 'not_stale' END
             WHEN a.never_used AND i.first_seen_at < c.cutoff THEN 'stale'
             ELSE 'not_assessable'
           END AS answer,
           CASE
             WHEN i.last_used_at IS NOT NULL THEN 'last_use'
             WHEN a.never_used AND a.created_at IS NOT NULL THEN 'never_used_since_creation'
             WHEN a.never_used AND i.first_seen_at < c.cutoff THEN 'never_used_since_first_seen'
             WHEN a.never_used THEN 'never_used_age_unknown'
             ELSE 'last_use_not_reported'
           END AS basis
      FROM nhi_identities i
      CROSS JOIN LATERAL (
        SELECT nhi_time_or_null(i.attributes->>'createdAt') AS created_at,
               COALESCE((${kinds}::jsonb ->> i.kind)::integer, ${days}::integer) AS threshold_days,
               (i.last_used_at IS NULL AND i.attributes #>> '{lastUse,status}' = 'never_used') AS never_used) a
      CROSS JOIN LATERAL (SELECT ${at}::timestamptz - make_interval(days => a.threshold_days) AS cutoff) c
     WHERE i.org_id = $1 AND i.state = 'active') AS assessed`;
}

export interface AssessedRow {
  id: string;
  connector_id: string;
  kind: string;
  provider: string;
  external_id: string;
  name: string;
  first_seen_at: Date;
  last_used_at: Date | null;
  created_at: Date | null;
  threshold_days: number;
  never_used: boolean;
  answer: StaleAnswer;
  basis: StaleBasis;
}

export const assessedColumns = 'id, connector_id, kind, provider, external_id, name, first_seen_at, last_used_at, created_at, threshold_days, never_used, answer, basis';

/** What a policy saw for each identity whose condition holds. */
export type Holding = Map<string, Record<string, unknown>>;

export async function staleIdentities(q: Queryable, orgId: OrgId, settings: StaleIdentitySettings, at: Date): Promise<Holding> {
  const found = await q.query<AssessedRow>(
    `SELECT ${assessedColumns} FROM ${assessedIdentities({ at: '$2', days: '$3', kinds: '$4' })} WHERE answer = 'stale'`,
    [orgId, at, settings.thresholdDays, JSON.stringify(settings.kindThresholdDays)],
  );
  return new Map(
    found.rows.map((row) => [
      row.id,
      { answer: row.answer, basis: row.basis, lastUsedAt: lastUseOf(row), createdAt: row.created_at?.toISOString() ?? null, thresholdDays: row.threshold_days },
    ]),
  );
}

/** Last use as the report shows it: a time, "never used" (reported so), or "not reported". */
export const lastUseOf = (row: Pick<AssessedRow, 'last_used_at' | 'never_used'>): string =>
  row.last_used_at !== null ? row.last_used_at.toISOString() : row.never_used ? 'never used' : 'not reported';

/**
 * Keys that never expire on their own, by the kind their collector gives them, with
 * what says a key no longer works: an AWS access key made Inactive, a GitHub deploy
 * key disabled. The names are the collectors' (services/nhi/cloud-accounts,
 * services/nhi/code-hosting), written here so this capability imports neither.
 */
const LONG_LIVED_KEY_KINDS = ['aws_iam_access_key', 'github_deploy_key'] as const;

export async function longLivedAccessKeys(q: Queryable, orgId: OrgId, settings: LongLivedAccessKeySettings, at: Date): Promise<Holding> {
  const found = await q.query<{ id: string; kind: string; created_at: Date }>(
    `SELECT i.id, i.kind, a.created_at
       FROM nhi_identities i
       CROSS JOIN LATERAL (SELECT nhi_time_or_null(i.attributes->>'createdAt') AS created_at) a
      WHERE i.org_id = $1 AND i.state = 'active' AND i.kind = ANY($2::text[])
        AND a.created_at < $3::timestamptz - make_interval(days => $4::integer)
        AND NOT (i.kind = 'aws_iam_access_key' AND i.attributes->>'status' = 'Inactive')
        AND NOT (i.kind = 'github_deploy_key' AND i.attributes->>'enabled' = 'false')`,
    [orgId, [...LONG_LIVED_KEY_KINDS], at, settings.maxAgeDays],
  );
  return new Map(found.rows.map((row) => [row.id, { kind: row.kind, createdAt: row.created_at.toISOString(), maxAgeDays: settings.maxAgeDays }]));
}

export async function changedToolDefinitions(q: Queryable, orgId: OrgId): Promise<Holding> {
  const found = await q.query<{ id: string; approved: string; current: string | null; approved_at: Date; approved_by_user_id: string }>(
    `SELECT i.id, a.fingerprint AS approved, i.fingerprint AS current, a.approved_at, a.approved_by_user_id
       FROM nhi_tool_approvals a
       JOIN nhi_identities i ON i.org_id = a.org_id AND i.id = a.identity_id
      WHERE a.org_id = $1 AND i.state = 'active' AND i.fingerprint IS DISTINCT FROM a.fingerprint`,
    [orgId],
  );
  return new Map(
    found.rows.map((row) => [
      row.id,
      { approvedFingerprint: row.approved, currentFingerprint: row.current, approvedAt: row.approved_at.toISOString(), approvedByUserId: row.approved_by_user_id },
    ]),
  );
}
