// Per-organization switches for the optional finding kinds (spec 1): vulnerability
// detection is always on; secret and misconfiguration detection are off until an
// organization enables them for a target kind. Container images are the only
// target kind scans have today.
import type { OrgId, Queryable } from '../platform/db/database.js';
import type { ObservationKind } from '../findings/index.js';

export const targetKinds = ['container_image'] as const;
export type TargetKind = (typeof targetKinds)[number];

export interface ScannerSettings {
  target_kind: TargetKind;
  vulnerabilities: true;
  secrets: boolean;
  misconfigurations: boolean;
}

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

export async function writeScannerSettings(
  q: Queryable,
  orgId: OrgId,
  kind: TargetKind,
  change: { secrets?: boolean; misconfigurations?: boolean },
): Promise<void> {
  await q.query(
    `INSERT INTO scanner_settings (org_id, target_kind, secrets, misconfigurations)
     VALUES ($1, $2, coalesce($3, false), coalesce($4, false))
     ON CONFLICT (org_id, target_kind) DO UPDATE
        SET secrets = coalesce($3, scanner_settings.secrets),
            misconfigurations = coalesce($4, scanner_settings.misconfigurations),
            updated_at = now()`,
    [orgId, kind, change.secrets ?? null, change.misconfigurations ?? null],
  );
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
 * Applies a change to one target kind's switches and answers them before and
 * after. The row is created with the defaults when missing and locked, so
 * concurrent changes apply one after the other and each sees the other's result.
 */
export async function changeScannerSettings(
  tx: Queryable,
  orgId: OrgId,
  kind: TargetKind,
  change: Partial<ScannerSwitches>,
): Promise<{ before: ScannerSwitches; after: ScannerSwitches }> {
  await tx.query('INSERT INTO scanner_settings (org_id, target_kind) VALUES ($1, $2) ON CONFLICT (org_id, target_kind) DO NOTHING', [orgId, kind]);
  const locked = await tx.query<ScannerSwitches>(
    'SELECT secrets, misconfigurations FROM scanner_settings WHERE org_id = $1 AND target_kind = $2 FOR UPDATE',
    [orgId, kind],
  );
  const before = locked.rows[0]!;
  const after = { secrets: change.secrets ?? before.secrets, misconfigurations: change.misconfigurations ?? before.misconfigurations };
  if (after.secrets !== before.secrets || after.misconfigurations !== before.misconfigurations) {
    await tx.query('UPDATE scanner_settings SET secrets = $3, misconfigurations = $4, updated_at = now() WHERE org_id = $1 AND target_kind = $2', [
      orgId,
      kind,
      after.secrets,
      after.misconfigurations,
    ]);
  }
  return { before, after };
}
