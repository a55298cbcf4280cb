import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import { parsePageRequest } from '../../../platform/pagination/page.js';
import type { IdentityAuditPages } from '../identity-audit-pages.js';

/** GET /api/v1/identity/audit: the acting organization's trail, newest first, a page at a time; limit is clamped to 200. */
export function listIdentityAudit(deps: { identityAuditPage: IdentityAuditPages }): OperationHandler<'listIdentityAudit'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const { actor, action, since, until } = ctx.query;
    const request = parsePageRequest(ctx.query, { orders: ['newest'], defaultOrder: 'newest' });
    const page = await deps.identityAuditPage(principal.orgId, { actor, action, since, until }, request);
    return { status: 200, body: page };
  };
}
