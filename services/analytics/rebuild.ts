// `sentinel analytics rebuild [--org <uuid>]`: backfills an empty or damaged
// findings analytics store from PostgreSQL's timeline (finding_events JOIN
// findings), one organization after the other, page by page in sequence order.
// It records exactly the transitions the live feed records (analytics-sink.ts),
// with the same ids, so it is idempotent and safe beside the running service:
// whatever either writes twice, the store keeps once. It never deletes: the rows
// of a deleted asset are the live feed's to forget (asset.deleted).
import type { Analytics } from './store/analytics.js';
import type { FindingTransition } from './store/finding-transitions.js';
import type { Database, OrgId } from '../platform/db/database.js';
import { isoTimeText } from '../platform/db/sql-time.js';
import { tenantOfClaim, type SystemScope } from '../platform/tenancy.js';

export class UnknownOrganizationError extends Error {
  constructor(orgId: string) {
    super(`no organization ${orgId}`);
  }
}

interface RebuildDeps {
  db: Database;
  analytics: Analytics;
  /** systemScope('rebuild-analytics'): the rebuild reads every organization's timeline. */
  scope: SystemScope;
  /** Progress lines, at least every progressIntervalMs and at the end of each organization. */
  progress: (line: string) => void;
  pageSize?: number;
  progressIntervalMs?: number;
  now?: () => number;
}

export interface RebuildSummary {
  organizations: number;
  transitions: number;
  elapsedMs: number;
}

const DEFAULT_PAGE_SIZE = 5_000;

interface TimelineRow {
  id: string;
  seq: string;
  finding_id: string;
  asset_id: string;
  kind: string;
  severity: string;
  from_severity: string | null;
  identifier: string;
  from_status: string | null;
  to_status: string;
  occurred_at: string;
  first_seen_at: string;
}

/**
 * One page of the organization's timeline after sequence `after`, up to `through`,
 * as the transitions the live feed builds from the same entries' domain events.
 * An entry written before the timeline kept severities (migration 072) takes the
 * finding's current severity: the one it had then is not known any more. A
 * vex_statement entry changes nothing of the finding and has no domain event, so
 * the live feed never records it and neither does the rebuild.
 */
export async function timelineTransitions(db: Database, orgId: OrgId, page: { after: number; through: number; limit: number }): Promise<FindingTransition[]> {
  const found = await db.query<TimelineRow>(
    `SELECT fe.id, fe.seq::text AS seq, fe.finding_id, f.asset_id, f.kind, coalesce(fe.severity, f.severity) AS severity, fe.from_severity,
            f.identifier, fe.from_status, fe.to_status, ${isoTimeText('fe.occurred_at')} AS occurred_at, ${isoTimeText('f.first_seen_at')} AS first_seen_at
       FROM finding_events fe JOIN findings f ON f.org_id = fe.org_id AND f.id = fe.finding_id
      WHERE fe.org_id = $1 AND fe.seq > $2 AND fe.seq <= $3 AND fe.type <> 'vex_statement'
      ORDER BY fe.seq
      LIMIT $4`,
    [orgId, page.after, page.through, page.limit],
  );
  return found.rows.map((row) => ({
    id: row.id,
    sequence: Number(row.seq),
    orgId,
    findingId: row.finding_id,
    assetId: row.asset_id,
    kind: row.kind,
    severity: row.severity,
    fromSeverity: row.from_severity,
    advisory: row.identifier,
    fromStatus: row.from_status,
    toStatus: row.to_status,
    occurredAt: new Date(row.occurred_at),
    firstSeenAt: new Date(row.first_seen_at),
  }));
}

/**
 * Re-records the transitions of one organization (orgId) or of every one with a
 * timeline. Each organization's extent is fixed when its turn comes (its count
 * and highest sequence): entries written later are the live feed's, which
 * records them anyway. Throws UnknownOrganizationError for an orgId no
 * organization has.
 */
export async function rebuildAnalytics(deps: RebuildDeps, orgId: string | null): Promise<RebuildSummary> {
  const now = deps.now ?? Date.now;
  const pageSize = deps.pageSize ?? DEFAULT_PAGE_SIZE;
  const started = now();
  const organizations = await organizationsToRebuild(deps, orgId);
  let transitions = 0;
  for (const organization of organizations) {
    const extent = await deps.db.query<{ total: number; through: string | null }>(
      "SELECT count(*)::integer AS total, max(seq)::text AS through FROM finding_events WHERE org_id = $1 AND type <> 'vex_statement'",
      [organization],
    );
    const { total, through } = extent.rows[0]!;
    const progress = progressOf(organization, total, now, deps.progress);
    const ticker = setInterval(() => progress.report(false), deps.progressIntervalMs ?? 2_000);
    try {
      let after = 0;
      for (;;) {
        const page = await timelineTransitions(deps.db, organization, { after, through: Number(through ?? 0), limit: pageSize });
        if (page.length === 0) break;
        // Rollups once per organization at the end, not after every page (ClickHouse recomputes them per key).
        await deps.analytics.recordTransitions(page, { rollups: 'deferred' });
        after = page.at(-1)!.sequence;
        progress.advance(page.length);
        if (page.length < pageSize) break;
      }
      deps.progress(`organization ${organization}: ${progress.done()}/${total} rows recorded, recomputing the rollups`);
      await deps.analytics.refreshRollups(organization);
    } finally {
      clearInterval(ticker);
    }
    progress.report(true);
    transitions += progress.done();
  }
  return { organizations: organizations.length, transitions, elapsedMs: now() - started };
}

async function organizationsToRebuild(deps: RebuildDeps, orgId: string | null): Promise<OrgId[]> {
  if (orgId !== null) {
    const found = await deps.db.query<{ id: string }>('SELECT id FROM organizations WHERE id = $1', [orgId]);
    if (found.rows.length === 0) throw new UnknownOrganizationError(orgId);
    return [tenantOfClaim(deps.scope, found.rows[0]!.id)];
  }
  const found = await deps.db.query<{ id: string }>(
    'SELECT o.id FROM organizations o WHERE EXISTS (SELECT 1 FROM finding_events fe WHERE fe.org_id = o.id) ORDER BY o.id',
  );
  return found.rows.map((row) => tenantOfClaim(deps.scope, row.id));
}

/** One organization's progress: rows done of its total, the percentage, the rate so far and the time left at that rate (or taken, at the end). */
function progressOf(orgId: OrgId, total: number, now: () => number, write: (line: string) => void) {
  const started = now();
  let done = 0;
  return {
    advance: (rows: number) => void (done += rows),
    done: () => done,
    report(finished: boolean) {
      const seconds = Math.max((now() - started) / 1000, 0.001);
      const rate = done / seconds;
      // Entries of findings deleted meanwhile are counted in total and never read: at the end, the share of what was there.
      const percent = finished || total === 0 ? 100 : Math.min(100, (100 * done) / total);
      const eta = finished ? `finished in ${seconds.toFixed(1)} s` : rate > 0 ? `ETA ${Math.ceil(Math.max(total - done, 0) / rate)} s` : 'ETA unknown';
      write(`organization ${orgId}: ${done}/${total} rows (${percent.toFixed(1)}%), ${Math.round(rate)} rows/s, ${eta}`);
    },
  };
}
