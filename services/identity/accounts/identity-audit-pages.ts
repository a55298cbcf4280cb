// The identity audit trail as an organization reads it (GET /api/v1/identity/audit):
// newest first, a page at a time, filtered by actor, action and time.
import type { Database, OrgId } from '../../platform/db/database.js';
import { pageIdentityEvents } from '../../platform/audit/identity-trail.js';
import { parseTimestamp } from '../../platform/http/timestamps.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import type { PageRequest } from '../../platform/pagination/page.js';

// Passed on as written: the trail compares with microseconds, which a Date would drop.
const validTimestamp = (name: string, value: string): string => (parseTimestamp(name, value), value);

export interface IdentityAuditFilter {
  actor?: string;
  action?: string;
  /** RFC 3339 bounds of the events' time; a malformed one is refused. */
  since?: string;
  until?: string;
}

export function createIdentityAuditPages(deps: { db: Database; codec: CursorCodec }) {
  return function identityAuditPage(orgId: OrgId, filter: IdentityAuditFilter, request: PageRequest) {
    const { since, until } = filter;
    return pageIdentityEvents(
      deps.db,
      deps.codec,
      orgId,
      {
        actor: filter.actor,
        action: filter.action,
        since: since === undefined ? undefined : validTimestamp('since', since),
        until: until === undefined ? undefined : validTimestamp('until', until),
      },
      request,
    );
  };
}

export type IdentityAuditPages = ReturnType<typeof createIdentityAuditPages>;
