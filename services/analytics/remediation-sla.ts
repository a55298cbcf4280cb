// Remediation SLA per severity: how many days a finding of each
// severity may stay open before the finding-age view counts it past its SLA.
// Stored per organization (migration 073); an organization that never set them
// has the defaults below (docs/decisions/analytics.md, "The views over HTTP").
import { severities, type Severity } from '../findings/index.js';
import { actorOf, recordIdentityEvent, type RequestOrigin } from '../platform/audit/identity-trail.js';
import type { OrgId, Queryable } from '../platform/db/database.js';
import type { Principal } from '../platform/principal.js';

/** Days per severity; null is no SLA for that severity. */
export type SlaDays = Record<Severity, number | null>;

/**
 * Critical and high follow the common 7/30-day remediation windows (PCI DSS
 * patches critical within a month, CISA's KEV directive within weeks); medium
 * 90 and low 120 days follow the usual quarterly patch cycle; unknown is treated
 * like medium, never like low; none is informational and has no SLA.
 */
export const DEFAULT_REMEDIATION_SLA: Readonly<SlaDays> = { critical: 7, high: 30, medium: 90, low: 120, none: null, unknown: 90 };

export async function readRemediationSla(q: Queryable, orgId: OrgId): Promise<SlaDays> {
  const found = await q.query<{ severity: Severity; days: number | null }>('SELECT severity, days FROM remediation_sla WHERE org_id = $1', [orgId]);
  const sla = { ...DEFAULT_REMEDIATION_SLA };
  for (const row of found.rows) sla[row.severity] = row.days;
  return sla;
}

/**
 * Replaces the organization's SLA days and, when any changed, audits
 * remediation_sla.changed naming each change, in the caller's transaction. The
 * rows are created with the current values and locked first, so concurrent
 * replacements apply one after the other and each audits what it changed.
 */
export async function replaceRemediationSla(tx: Queryable, principal: Principal, origin: RequestOrigin, days: SlaDays): Promise<SlaDays> {
  const orgId = principal.orgId;
  const current = await readRemediationSla(tx, orgId);
  await tx.query(
    `INSERT INTO remediation_sla (org_id, severity, days) SELECT $1, * FROM unnest($2::text[], $3::integer[])
     ON CONFLICT (org_id, severity) DO NOTHING`,
    [orgId, severities, severities.map((severity) => current[severity])],
  );
  const locked = await tx.query<{ severity: Severity; days: number | null }>('SELECT severity, days FROM remediation_sla WHERE org_id = $1 FOR UPDATE', [orgId]);
  const before = Object.fromEntries(locked.rows.map((row) => [row.severity, row.days])) as SlaDays;
  const changes = severities.filter((severity) => before[severity] !== days[severity]).map((severity) => ({ severity, from: before[severity], to: days[severity] }));
  const after = Object.fromEntries(severities.map((severity) => [severity, days[severity]])) as SlaDays;
  if (changes.length === 0) return after;
  await tx.query(
    `UPDATE remediation_sla AS sla SET days = changed.days, updated_at = now()
       FROM unnest($2::text[], $3::integer[]) AS changed (severity, days)
      WHERE sla.org_id = $1 AND sla.severity = changed.severity`,
    [orgId, changes.map((change) => change.severity), changes.map((change) => change.to)],
  );
  await recordIdentityEvent(tx, orgId, origin, { actor: actorOf(principal), action: 'remediation_sla.changed', detail: { changes } });
  return after;
}
