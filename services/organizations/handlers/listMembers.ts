import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { listMembers as roster } from '../memberships.js';

/** GET /api/v1/members: the acting organization's roster with role and arrival marker. */
export function listMembers(deps: { db: Database }): OperationHandler<'listMembers'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    return { status: 200, body: { members: await roster(deps.db, principal.orgId) } };
  };
}
