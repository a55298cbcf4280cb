import type { OperationHandler } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { authorOf, updatePolicy as changePolicy } from '../policies.js';

/** PATCH /api/v1/policies/{id}: rename, describe, enable (disabling the one enabled before) or disable; each change audited. */
export function updatePolicy(deps: { db: Database }): OperationHandler<'updatePolicy'> {
  return async (ctx) => {
    const { orgId, author } = authorOf(ctx);
    return { status: 200, body: await changePolicy(deps.db, orgId, author, ctx.params.id, ctx.body) };
  };
}
