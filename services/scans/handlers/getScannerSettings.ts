import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { readScannerSettings } from '../scanner-settings.js';

/** GET /api/v1/settings/scanners: which finding kinds scans record, per target kind. */
export function getScannerSettings(deps: { db: Database }): OperationHandler<'getScannerSettings'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: { target_kinds: await readScannerSettings(deps.db, principal.orgId) } };
  };
}
