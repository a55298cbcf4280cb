// Keyset pagination against a real table on PostgreSQL and on PGlite: a client
// walking a listing sees every row exactly once, whatever other clients write meanwhile.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../../../test/support/databases.js';
import type { Database, OrgId } from '../db/database.js';
import { asOrgId } from '../../../test/support/org-ids.js';
import { toHttpError } from '../errors.js';
import { createCursorCodec } from './cursor.js';
import { defineKeysetOrder, keysetAfter, type KeysetRow } from './keyset.js';
import { parsePageRequest, readPage, type PageEnvelope } from './page.js';
import { actingAsSchemaOwner } from '../db/tenant-scope.js';

// The two finding orders of spec 4.9 rule 3, over a stand-in table.
const probeOrders = {
  severity: defineKeysetOrder({
    stable: false,
    keys: [
      { column: 'severity_rank', type: 'integer', direction: 'asc' },
      { column: 'last_seen_at', type: 'timestamptz', direction: 'desc' },
      { column: 'id', type: 'uuid', direction: 'desc' },
    ],
  }),
  recent: defineKeysetOrder({
    stable: true,
    keys: [
      { column: 'created_at', type: 'timestamptz', direction: 'desc' },
      { column: 'id', type: 'uuid', direction: 'desc' },
    ],
  }),
};

interface ProbeQuery {
  limit?: unknown;
  cursor?: unknown;
  order?: unknown;
  /** Comma-separated, like the findings listing's status filter. */
  status?: string;
}

/** A listing written the way a handler writes one; it answers the probe ids. */
function probeListing(db: Database, codec = createCursorCodec({ signingKey: Buffer.alloc(32, 1) })) {
  return async (orgId: OrgId, query: ProbeQuery): Promise<PageEnvelope<string>> => {
    const request = parsePageRequest(query, { orders: ['severity', 'recent'], defaultOrder: 'severity' });
    const order = probeOrders[request.order];
    const statuses = query.status?.split(',') ?? null;
    return readPage({
      codec,
      orgId,
      listing: 'probes',
      filters: { status: statuses },
      request,
      order,
      fetchRows: async (position, fetchLimit) => {
        const after = keysetAfter(order, position, 3);
        const found = await db.query<KeysetRow & { id: string }>(
          `SELECT id, ${order.positionColumn} FROM pagination_probe
            WHERE org_id = $1 AND ($2::text[] IS NULL OR status = ANY ($2::text[])) AND ${after.sql}
            ORDER BY ${order.orderBy} LIMIT $${3 + after.params.length}`,
          [orgId, statuses, ...after.params, fetchLimit],
        );
        return found.rows;
      },
      countAll: async () => {
        const counted = await db.query<{ total: number }>(
          'SELECT count(*)::integer AS total FROM pagination_probe WHERE org_id = $1 AND ($2::text[] IS NULL OR status = ANY ($2::text[]))',
          [orgId, statuses],
        );
        return counted.rows[0]?.total ?? 0;
      },
      toItem: (row) => row.id,
    });
  };
}

type Listing = ReturnType<typeof probeListing>;

/** Follows next_cursor until has_more is false, running `meanwhile` between pages. */
async function walk(list: Listing, orgId: OrgId, query: ProbeQuery, meanwhile: () => Promise<void> = async () => undefined) {
  const ids: string[] = [];
  const pages: PageEnvelope<string>[] = [];
  let cursor: string | undefined;
  do {
    const page = await list(orgId, { ...query, cursor });
    pages.push(page);
    ids.push(...page.items);
    cursor = page.next_cursor;
    if (page.has_more) await meanwhile();
  } while (cursor !== undefined);
  return { ids, pages };
}

async function idsOf(db: Database, orgId: OrgId): Promise<string[]> {
  return (await db.query<{ id: string }>('SELECT id FROM pagination_probe WHERE org_id = $1', [orgId])).rows.map((row) => row.id);
}

const causeOf = (error: unknown) => JSON.stringify(toHttpError(error));

describe.each(databaseProfiles)('keyset pagination on $name', ({ create }) => {
  let test: TestDatabase;
  let list: Listing;
  const orgA = asOrgId(randomUUID());
  const orgB = asOrgId(randomUUID());
  let seededA: string[];
  let seededB: string[];

  beforeAll(async () => {
    test = await create();
    list = probeListing(test.db);
    await actingAsSchemaOwner(() => test.db.query(`CREATE TABLE pagination_probe (
      id            uuid PRIMARY KEY,
      org_id        uuid NOT NULL,
      created_at    timestamptz NOT NULL,
      severity_rank integer NOT NULL,
      last_seen_at  timestamptz NOT NULL,
      status        text NOT NULL,
      note          text NOT NULL DEFAULT ''
    )`));
    // 1,000 rows, 600 in A and 400 in B. Three rows share each created_at and many
    // share (severity_rank, last_seen_at), so the id tie-breaker matters; every
    // timestamp has microseconds, which a cursor made from a JS Date would lose.
    await test.db.query(
      `INSERT INTO pagination_probe (id, org_id, created_at, severity_rank, last_seen_at, status)
       SELECT gen_random_uuid(), CASE WHEN g % 5 < 3 THEN $1::uuid ELSE $2::uuid END,
              timestamptz '2025-01-01 00:00:00+00' + (g / 3) * interval '1.000001 seconds',
              g % 5,
              timestamptz '2025-02-01 00:00:00+00' + (g % 13) * interval '1.000007 seconds',
              (ARRAY['open', 'triaged', 'suppressed'])[1 + g % 3]
         FROM generate_series(1, 1000) AS g`,
      [orgA, orgB],
    );
    seededA = await idsOf(test.db, orgA);
    seededB = await idsOf(test.db, orgB);
  });
  afterAll(() => test.drop());

  it('walks the recent order without repeating or skipping a row while rows are inserted and updated', async () => {
    expect(seededA).toHaveLength(600);
    expect(seededB).toHaveLength(400);
    let insertedAt = Date.parse('2026-01-01T00:00:00Z');
    const inserted: string[] = [];
    let updates = 0;
    // Other clients between two page requests: new rows in both organizations (a
    // new row is created now, so it sorts ahead of the cursor) and updates to the
    // non-key columns of rows already seen and not yet seen.
    const otherClientsWrite = async () => {
      for (const orgId of [orgA, orgB]) {
        const id = randomUUID();
        insertedAt += 1;
        await test.db.query(
          `INSERT INTO pagination_probe (id, org_id, created_at, severity_rank, last_seen_at, status) VALUES ($1, $2, $3, 0, $3, 'open')`,
          [id, orgId, new Date(insertedAt)],
        );
        inserted.push(id);
      }
      const touched = await test.db.query(
        `UPDATE pagination_probe SET status = 'triaged', severity_rank = (severity_rank + 1) % 5, last_seen_at = last_seen_at + interval '1 hour', note = note || 'u'
          WHERE org_id = ANY ($1::uuid[]) AND id IN (SELECT id FROM pagination_probe WHERE org_id = ANY ($1::uuid[]) ORDER BY random() LIMIT 10)`,
        [[orgA, orgB]],
      );
      updates += touched.rowCount;
    };

    const walked = await walk(list, orgA, { order: 'recent', limit: 37 }, otherClientsWrite);

    expect(walked.pages).toHaveLength(Math.ceil(600 / 37));
    expect(updates).toBeGreaterThan(100);
    expect(new Set(walked.ids).size).toBe(walked.ids.length);
    expect(walked.ids.filter((id) => !seededA.includes(id) && !inserted.includes(id))).toEqual([]);
    expect(seededA.filter((id) => !walked.ids.includes(id))).toEqual([]);
    expect(walked.pages.every((page) => page.page.stable && page.page.limit === 37)).toBe(true);
    expect(walked.pages[0]?.total).toBe(600);
    expect(walked.pages.at(-1)).not.toHaveProperty('next_cursor');
  });

  it('returns every row exactly once in the mixed-direction severity order', async () => {
    const currentA = await idsOf(test.db, orgA);
    const walked = await walk(list, orgA, { limit: 50 });
    expect(walked.ids).toHaveLength(currentA.length);
    expect(new Set(walked.ids)).toEqual(new Set(currentA));
    expect(walked.pages.every((page) => !page.page.stable)).toBe(true);

    // The walk agrees with one ORDER BY over the whole set.
    const expected = await test.db.query<{ id: string }>(
      'SELECT id FROM pagination_probe WHERE org_id = $1 ORDER BY severity_rank ASC, last_seen_at DESC, id DESC',
      [orgA],
    );
    expect(walked.ids).toEqual(expected.rows.map((row) => row.id));
  });

  it('returns zero rows of another organization and keeps filters across pages', async () => {
    const walkedB = await walk(list, orgB, { order: 'recent', limit: 200, status: 'open,suppressed' });
    const expected = await test.db.query<{ id: string }>(
      "SELECT id FROM pagination_probe WHERE org_id = $1 AND status IN ('open', 'suppressed') ORDER BY created_at DESC, id DESC",
      [orgB],
    );
    expect(walkedB.ids).toEqual(expected.rows.map((row) => row.id));
    expect(walkedB.pages[0]?.total).toBe(expected.rows.length);
  });

  it('clamps the limit to 200 and reports the effective value', async () => {
    const page = await list(orgA, { limit: 500 });
    expect(page.page.limit).toBe(200);
    expect(page.items).toHaveLength(200);
    await expect(list(orgA, { limit: 0 })).rejects.toThrow('limit must be a whole number of at least 1');
  });

  it('refuses a cursor used by another tenant, with another filter or order, exactly like a forged one', async () => {
    const first = await list(orgA, { order: 'recent', limit: 10, status: 'open,triaged' });
    const cursor = first.next_cursor;
    expect(cursor).toBeDefined();
    // The same filter set spelled in another order is the same listing.
    await expect(list(orgA, { order: 'recent', limit: 10, status: 'triaged,open', cursor })).resolves.toMatchObject({ has_more: true });

    const signatureAt = cursor!.length - 20;
    const tampered = cursor!.slice(0, signatureAt) + (cursor![signatureAt] === 'A' ? 'B' : 'A') + cursor!.slice(signatureAt + 1);
    const forged = await list(orgA, { order: 'recent', limit: 10, status: 'open,triaged', cursor: tampered }).catch(causeOf);
    const refusals = await Promise.all([
      list(orgB, { order: 'recent', limit: 10, status: 'open,triaged', cursor }).catch(causeOf),
      list(orgA, { order: 'recent', limit: 10, status: 'open', cursor }).catch(causeOf),
      list(orgA, { order: 'recent', limit: 10, cursor }).catch(causeOf),
      list(orgA, { order: 'severity', limit: 10, status: 'open,triaged', cursor }).catch(causeOf),
      list(orgA, { order: 'recent', cursor: 'z'.repeat(4097) }).catch(causeOf),
    ]);
    expect(forged).toBe(JSON.stringify({ status: 400, body: { error: 'invalid or expired cursor', code: 'validation_failed' }, headers: {} }));
    expect(refusals).toEqual(refusals.map(() => forged));
  });
});
