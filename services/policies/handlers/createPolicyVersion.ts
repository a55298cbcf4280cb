import type { OperationHandler } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { authorOf, createPolicyVersion as recordVersion } from '../policies.js';

/** POST /api/v1/policies/{id}/versions: the next, immutable version of the rules; audited as policy.version_created. */
export function createPolicyVersion(deps: { db: Database }): OperationHandler<'createPolicyVersion'> {
  return async (ctx) => {
    const { orgId, author } = authorOf(ctx);
    return { status: 201, body: await recordVersion(deps.db, orgId, author, ctx.params.id, ctx.body) };
  };
}
