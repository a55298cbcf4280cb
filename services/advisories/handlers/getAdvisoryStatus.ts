import { requirePrincipal, type OperationHandler } from '../../platform/http/handler.js';
import type { AdvisoryStore } from '../advisory-store.js';
import { advisoryStatus } from '../advisory-status.js';

/** GET /api/v1/advisories/status: the synchronization of each ecosystem's advisories (advisory-status.ts); the same for every organization. */
export function getAdvisoryStatus(deps: { store: AdvisoryStore; source: string; ecosystems: readonly string[] }): OperationHandler<'getAdvisoryStatus'> {
  return async (ctx) => {
    requirePrincipal(ctx);
    return { status: 200, body: await advisoryStatus(deps.store, deps.source, deps.ecosystems) };
  };
}
