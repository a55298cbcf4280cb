import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { originOfContext } from '../../platform/audit/identity-trail.js';

import { changeMemberRole } from '../members.js';

/** PATCH /api/v1/members/{userId}: changes a role; see services/organizations/members.ts for the rules. */
export function updateMemberRole(deps: { db: Database }): OperationHandler<'updateMemberRole'> {
  return async (ctx) => {
    const member = await changeMemberRole(deps.db, {
      operationId: ctx.operationId,
      principal: requirePrincipal(ctx),
      origin: originOfContext(ctx),
      targetUserId: ctx.params.userId,
      role: ctx.body.role,
    });
    return { status: 200, body: member };
  };
}
