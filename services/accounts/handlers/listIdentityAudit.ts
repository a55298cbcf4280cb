import type { OperationHandler } from '../../platform/http/handler.js';
import { requirePrincipal } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { listIdentityEvents } from '../../platform/audit/identity-trail.js';
import { parseTimestamp } from '../../platform/http/timestamps.js';

// Passed on as written: the trail compares with microseconds, which a Date would drop.
const validTimestamp = (name: string, value: string): string => (parseTimestamp(name, value), value);

export const AUDIT_PAGE_MAX = 200;
const AUDIT_PAGE_DEFAULT = 50;

interface AuditQuery {
  actor?: string;
  action?: string;
  since?: string;
  until?: string;
  limit?: number;
}

/** GET /api/v1/identity/audit: the acting organization's trail, newest first; limit is clamped to 200. */
export function listIdentityAudit(deps: { db: Database }): OperationHandler {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const query = ctx.query as AuditQuery;
    const limit = Math.min(query.limit ?? AUDIT_PAGE_DEFAULT, AUDIT_PAGE_MAX);
    const events = await listIdentityEvents(deps.db, principal.orgId, {
      actor: query.actor,
      action: query.action,
      since: query.since === undefined ? undefined : validTimestamp('since', query.since),
      until: query.until === undefined ? undefined : validTimestamp('until', query.until),
      limit,
    });
    return { status: 200, body: { events, limit } };
  };
}
