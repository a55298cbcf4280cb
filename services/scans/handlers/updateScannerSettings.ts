import { originOfContext } from '../../platform/audit/identity-trail.js';
import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { changeScannerSettings, readScannerSettings, targetKinds } from '../scanner-settings.js';

/**
 * PATCH /api/v1/settings/scanners: a merge patch of the per-target-kind switches
 * (organization:manage, which no key can hold). Each target kind whose switches
 * change is audited (changeScannerSettings).
 */
export function updateScannerSettings(deps: { db: Database }): OperationHandler<'updateScannerSettings'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const patch = ctx.body;
    const settings = await deps.db.transaction(async (tx) => {
      for (const kind of targetKinds) {
        const change = patch[kind];
        if (change !== undefined) await changeScannerSettings(tx, principal, originOfContext(ctx), kind, change);
      }
      return readScannerSettings(tx, principal.orgId);
    });
    return { status: 200, body: { target_kinds: settings } };
  };
}
