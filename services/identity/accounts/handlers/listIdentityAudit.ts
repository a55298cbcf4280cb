import type { OperationHandler } from '../../../platform/http/handler.js';
import { requirePrincipal } from '../../../platform/http/handler.js';
import type { Database } from '../../../platform/db/database.js';
import { pageIdentityEvents } from '../../../platform/audit/identity-trail.js';
import { parseTimestamp } from '../../../platform/http/timestamps.js';
import type { CursorCodec } from '../../../platform/pagination/cursor.js';
import { parsePageRequest } from '../../../platform/pagination/page.js';

// Passed on as written: the trail compares with microseconds, which a Date would drop.
const validTimestamp = (name: string, value: string): string => (parseTimestamp(name, value), value);

/** GET /api/v1/identity/audit: the acting organization's trail, newest first, a page at a time; limit is clamped to 200. */
export function listIdentityAudit(deps: { db: Database; codec: CursorCodec }): OperationHandler<'listIdentityAudit'> {
  return async (ctx) => {
    const principal = requirePrincipal(ctx);
    const query = ctx.query;
    const request = parsePageRequest(query, { orders: ['newest'], defaultOrder: 'newest' });
    const page = await pageIdentityEvents(
      deps.db,
      deps.codec,
      principal.orgId,
      {
        actor: query.actor,
        action: query.action,
        since: query.since === undefined ? undefined : validTimestamp('since', query.since),
        until: query.until === undefined ? undefined : validTimestamp('until', query.until),
      },
      request,
    );
    return { status: 200, body: page };
  };
}
