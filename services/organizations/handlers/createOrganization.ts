import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { originOfContext, recordIdentityEvent } from '../../platform/audit/identity-trail.js';
import { asUser } from '../../platform/principal.js';
import { createOrganization as create } from '../organizations.js';

/** POST /api/v1/orgs: a new organization on the Free plan with the caller as its owner, unconditionally. */
export function createOrganization(deps: { db: Database }): OperationHandler<'createOrganization'> {
  return async (ctx) => {
    const principal = asUser(requirePrincipal(ctx));
    const { name } = ctx.body;
    const organization = await deps.db.transaction(async (tx) => {
      const created = await create(tx, { name: name.trim(), creatorUserId: principal.userId, personal: false });
      await recordIdentityEvent(tx, created.id, originOfContext(ctx), { actor: { userId: principal.userId }, action: 'organization.created', detail: { name: created.name } });
      return created;
    });
    return { status: 201, body: { ...organization, role: 'owner' } };
  };
}
