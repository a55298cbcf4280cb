import { actorOf, originOfContext, recordIdentityEvent } from '../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { changeScannerSettings, readScannerSettings, targetKinds, type ScannerSwitches, type TargetKind } from '../scanner-settings.js';

/**
 * PATCH /api/v1/settings/scanners: a merge patch of the per-target-kind switches
 * (organization:manage, which no key can hold). Each target kind whose switches
 * change is audited as scanner_settings.changed naming the switches enabled and disabled.
 */
export function updateScannerSettings(deps: { db: Database }): OperationHandler {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const patch = ctx.body as Partial<Record<TargetKind, Partial<ScannerSwitches>>>;
    const settings = await deps.db.transaction(async (tx) => {
      for (const kind of targetKinds) {
        const change = patch[kind];
        if (change === undefined) continue;
        const { before, after } = await changeScannerSettings(tx, principal.orgId, kind, change);
        const changed = (Object.keys(after) as (keyof ScannerSwitches)[]).filter((name) => after[name] !== before[name]);
        if (changed.length === 0) continue;
        // Switch names are values, not keys: the trail redacts keys that look like "secrets".
        const detail = { target_kind: kind, enabled: changed.filter((name) => after[name]), disabled: changed.filter((name) => !after[name]) };
        await recordIdentityEvent(tx, principal.orgId, originOfContext(ctx), { actor: actorOf(principal), action: 'scanner_settings.changed', detail });
      }
      return readScannerSettings(tx, principal.orgId);
    });
    return { status: 200, body: { target_kinds: settings } };
  };
}
