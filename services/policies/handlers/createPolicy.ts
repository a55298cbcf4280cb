import type { OperationHandler } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { authorOf, createPolicy as recordPolicy } from '../policies.js';

/** POST /api/v1/policies: a policy with version 1 of its rules, disabled unless `enabled: true`; audited as policy.created. */
export function createPolicy(deps: { db: Database }): OperationHandler<'createPolicy'> {
  return async (ctx) => {
    const { orgId, author } = authorOf(ctx);
    return { status: 201, body: await recordPolicy(deps.db, orgId, author, ctx.body) };
  };
}
