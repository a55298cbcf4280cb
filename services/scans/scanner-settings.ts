// Per-organization switches for the optional finding kinds (spec 1): vulnerability
// detection is always on; secret and misconfiguration detection are off until an
// organization enables them for a target kind. Container images are the only
// target kind scans have today.
import type { components } from '../../api/openapi.js';
import { actorOf, recordIdentityEvent, type RequestOrigin } from '../platform/audit/identity-trail.js';
import type { OrgId, Queryable } from '../platform/db/database.js';
import type { Principal } from '../platform/principal.js';
import type { ObservationKind } from '../findings/index.js';

export const targetKinds = ['container_image'] as const;
export type TargetKind = (typeof targetKinds)[number];

/** One target kind's settings as the API shows them: an entry of the document's ScannerSettings. */
export type ScannerSettings = components['schemas']['ScannerSettings']['target_kinds'][number];

export async function readScannerSettings(q: Queryable, orgId: OrgId): Promise<ScannerSettings[]> {
  const found = await q.query<{ target_kind: TargetKind; secrets: boolean; misconfigurations: boolean }>(
    'SELECT target_kind, secrets, misconfigurations FROM scanner_settings WHERE org_id = $1',
    [orgId],
  );
  return targetKinds.map((kind) => {
    const row = found.rows.find((r) => r.target_kind === kind);
    return { target_kind: kind, vulnerabilities: true, secrets: row?.secrets ?? false, misconfigurations: row?.misconfigurations ?? false };
  });
}

/** The finding kinds scans of this target kind look for in the organization. */
export async function enabledKinds(q: Queryable, orgId: OrgId, kind: TargetKind = 'container_image'): Promise<ObservationKind[]> {
  const settings = (await readScannerSettings(q, orgId)).find((s) => s.target_kind === kind)!;
  return [
    'vulnerability',
    ...(settings.secrets ? (['secret'] as const) : []),
    ...(settings.misconfigurations ? (['misconfiguration'] as const) : []),
  ];
}

export type ScannerSwitches = Pick<ScannerSettings, 'secrets' | 'misconfigurations'>;

/**
 * The one way to change scanner settings: applies a change to one target kind's
 * switches and, when a switch changed, audits it as scanner_settings.changed
 * naming the switches enabled and disabled, in the same transaction. The row is
 * created with the defaults when missing and locked, so concurrent changes apply
 * one after the other and each sees the other's result.
 */
export async function changeScannerSettings(
  tx: Queryable,
  principal: Principal,
  origin: RequestOrigin,
  kind: TargetKind,
  change: Partial<ScannerSwitches>,
): Promise<void> {
  const orgId = principal.orgId;
  await tx.query('INSERT INTO scanner_settings (org_id, target_kind) VALUES ($1, $2) ON CONFLICT (org_id, target_kind) DO NOTHING', [orgId, kind]);
  const locked = await tx.query<ScannerSwitches>(
    'SELECT secrets, misconfigurations FROM scanner_settings WHERE org_id = $1 AND target_kind = $2 FOR UPDATE',
    [orgId, kind],
  );
  const before = locked.rows[0]!;
  const after = { secrets: change.secrets ?? before.secrets, misconfigurations: change.misconfigurations ?? before.misconfigurations };
  const changed = (Object.keys(after) as (keyof ScannerSwitches)[]).filter((name) => after[name] !== before[name]);
  if (changed.length === 0) return;
  await tx.query('UPDATE scanner_settings SET secrets = $3, misconfigurations = $4, updated_at = now() WHERE org_id = $1 AND target_kind = $2', [
    orgId,
    kind,
    after.secrets,
    after.misconfigurations,
  ]);
  // Switch names are values, not keys: the trail redacts keys that look like "secrets".
  const detail = { target_kind: kind, enabled: changed.filter((name) => after[name]), disabled: changed.filter((name) => !after[name]) };
  await recordIdentityEvent(tx, orgId, origin, { actor: actorOf(principal), action: 'scanner_settings.changed', detail });
}
