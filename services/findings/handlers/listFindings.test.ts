import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/openapi.js';
import type { Queryable, QueryOptions } from '../../platform/db/database.js';
import { createCursorCodec } from '../../platform/pagination/cursor.js';
import { createEstimateCache } from '../../platform/pagination/estimate-cache.js';
import { listFindingsPage, type FindingQuery } from '../findings.js';
import { readReportFixture } from '../testing/report-fixtures.js';
import { startPipeline, type TestPipeline } from '../../../test/support/pipeline.js';
import { handlerTestProfiles, useTestApp, type TestTenant } from '../../../test/support/test-app.js';
import { actingAsSchemaOwner } from '../../platform/db/tenant-scope.js';

type Finding = components['schemas']['Finding'];

describe.each(handlerTestProfiles)('GET /api/v1/findings ($profile)', ({ profile, counters }) => {
  const t = useTestApp({ profile, counters });
  let pipeline: TestPipeline;
  beforeAll(async () => {
    pipeline = await startPipeline(t.current, profile, { log: 'embedded' });
  });
  afterAll(async () => {
    await pipeline.stop();
  });

  async function importInto(tenant: TestTenant, fixture: string, image = `ghcr.io/acme/list-${randomUUID().slice(0, 8)}:1`) {
    const [format] = fixture.split('/');
    const response = await t.current.call('POST', '/api/v1/scans/import', { token: tenant.owner.token, body: { image, format, report: readReportFixture(fixture) } });
    expect(response.status).toBe(202);
    await pipeline.scanSettled(tenant.id, response.body.id);
    return response.body as { id: string; asset_id: string };
  }
  const list = (tenant: TestTenant, query: string) => t.current.call('GET', `/api/v1/findings${query}`, { token: tenant.owner.token });

  async function walk(tenant: TestTenant, query: string, meanwhile: () => Promise<void> = async () => undefined): Promise<Finding[]> {
    const seen: Finding[] = [];
    let cursor: string | undefined;
    for (;;) {
      const page = await list(tenant, `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.items);
      if (!page.body.has_more) {
        expect(page.body.next_cursor).toBeUndefined();
        return seen;
      }
      cursor = page.body.next_cursor;
      await meanwhile();
    }
  }

  it('orders by severity (worst first) by default and filters by status, severity, kind, asset and q', async () => {
    const [tenant, neighbour] = await t.current.twoTenants();
    const ubuntu = await importInto(tenant, 'trivy/ubuntu-1804.json');
    const alpine = await importInto(tenant, 'trivy/alpine-310.json');
    await importInto(neighbour, 'trivy/alpine-310.json');

    const all = await list(tenant, '?limit=200');
    expect(all.body).toMatchObject({ page: { limit: 200, stable: false }, has_more: false, total: 9 });
    const ranks = ['critical', 'high', 'medium', 'unknown', 'low', 'none'];
    const order = all.body.items.map((f: Finding) => ranks.indexOf(f.severity));
    expect(order).toEqual([...order].sort((a: number, b: number) => a - b));

    const onlyAlpine = await list(tenant, `?asset_id=${alpine.asset_id}`);
    expect(onlyAlpine.body.items.every((f: Finding) => f.asset_id === alpine.asset_id)).toBe(true);
    expect(onlyAlpine.body.total).toBe(4);
    const byAdvisory = await list(tenant, '?q=cve-2019-1549');
    expect(byAdvisory.body.items.map((f: Finding) => f.component_name).sort()).toEqual(['libcrypto1.1', 'libssl1.1']);
    const byPackage = await list(tenant, '?q=libssl');
    expect(byPackage.body.items.every((f: Finding) => f.component_name === 'libssl1.1')).toBe(true);
    expect(byPackage.body.total).toBe(2);
    const severities = await list(tenant, '?severity=medium,high&kind=vulnerability&status=open');
    expect(severities.body.items.every((f: Finding) => ['medium', 'high'].includes(f.severity))).toBe(true);
    expect(severities.body.total).toBe(all.body.items.filter((f: Finding) => ['medium', 'high'].includes(f.severity)).length);
    // Each severity alone finds exactly its findings: the filter seeks by severity_rank, which must agree with severity.
    for (const asked of [...ranks.map((severity) => [severity]), ['critical', 'medium', 'low'], ['high', 'none']]) {
      const only = await list(tenant, `?severity=${asked.join(',')}&limit=200`);
      expect(only.body.items.map((f: Finding) => f.id)).toEqual(all.body.items.filter((f: Finding) => asked.includes(f.severity)).map((f: Finding) => f.id));
    }
    expect((await list(tenant, '?status=resolved')).body).toMatchObject({ items: [], total: 0 });
    expect((await list(tenant, `?asset_id=${ubuntu.asset_id}&kind=secret`)).body.total).toBe(0);
  });

  it('lists each finding exactly as GET /findings/{id} shows it, a suppression, escaped text and times with microseconds included', async () => {
    const [tenant] = await t.current.twoTenants();
    const { asset_id } = await importInto(tenant, 'trivy/alpine-310.json');
    const listed = await walk(tenant, `?asset_id=${asset_id}&limit=3`);
    expect(listed.length).toBeGreaterThan(3);
    // What the import leaves out: a suppression with its expiry, text JSON must escape, and times with microseconds.
    const [suppressed, escaped] = listed;
    await t.current.db.query(
      `UPDATE findings SET status = 'suppressed', suppression_reason = $3, suppressed_until = '2031-02-03T04:05:06.789999Z',
                           updated_at = '2030-01-01T00:00:00.000999Z', last_seen_at = '2029-12-31T23:59:59.999999Z'
        WHERE org_id = $1 AND id = $2`,
      [tenant.id, suppressed!.id, 'accepted "risk"\\ until the base image moves'],
    );
    await t.current.db.query(`UPDATE findings SET title = $3, install_path = NULL, detail = $4 WHERE org_id = $1 AND id = $2`, [
      tenant.id,
      escaped!.id,
      'quote " backslash \\ newline \n tab \t control \u0001 line separator \u2028 accents é 漢字 replacement \ufffd',
      { nested: { list: [1, 2.5, null, true], text: 'a"b' }, fixed_version: null },
    ]);
    const relisted = await walk(tenant, `?asset_id=${asset_id}&limit=3`);
    expect(relisted.map((finding) => finding.id).sort()).toEqual(listed.map((finding) => finding.id).sort());
    for (const finding of relisted) {
      const single = await t.current.call('GET', `/api/v1/findings/${finding.id}`, { token: tenant.owner.token });
      expect(single.status).toBe(200);
      const { events: _events, ...shown } = single.body as Record<string, unknown>;
      expect(finding).toStrictEqual(shown);
    }
    const changed = relisted.find((finding) => finding.id === suppressed!.id) as unknown as Record<string, unknown>;
    expect(changed).toMatchObject({
      suppression: { reason: 'accepted "risk"\\ until the base image moves', expires_at: '2031-02-03T04:05:06.789Z' },
      updated_at: '2030-01-01T00:00:00.000Z',
      last_seen_at: '2029-12-31T23:59:59.999Z',
    });
  });

  it('shows the second tenant nothing of the first, even filtered by the first tenant\'s asset', async () => {
    const [a, b] = await t.current.twoTenants();
    const inA = await importInto(a, 'trivy/alpine-310.json');
    expect((await list(b, '')).body).toMatchObject({ items: [], total: 0, has_more: false });
    expect((await list(b, `?asset_id=${inA.asset_id}`)).body).toMatchObject({ items: [], total: 0 });
    const foreign = await t.current.call('GET', `/api/v1/assets/${inA.asset_id}/findings`, { token: b.owner.token });
    const missing = await t.current.call('GET', `/api/v1/assets/${randomUUID()}/findings`, { token: b.owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
  });

  it('clamps limit to 200, refuses a limit below 1 and an unknown order or filter value', async () => {
    const [tenant] = await t.current.twoTenants();
    expect((await list(tenant, '?limit=5000')).body.page.limit).toBe(200);
    expect((await list(tenant, '')).body.page.limit).toBe(50);
    expect((await list(tenant, '?limit=0')).status).toBe(400);
    const order = await list(tenant, '?order=cvss');
    expect(order.status).toBe(400);
    expect(order.body.error).toBe('order must be one of: severity, recent');
    expect((await list(tenant, '?severity=severe')).status).toBe(400);
  });

  it('walks the severity order page by page, with and without a search, in exactly the order of one page of all', async () => {
    const [tenant] = await t.current.twoTenants();
    await importInto(tenant, 'trivy/ubuntu-1804.json');
    await importInto(tenant, 'grype/dd-issue_9618.json');
    for (const filter of ['', '&q=lib']) {
      const whole = (await list(tenant, `?limit=200${filter}`)).body.items.map((f: Finding) => f.id);
      // Pages of two cross from one severity into the next and stop inside one many findings share.
      expect(whole.length).toBeGreaterThan(6);
      expect((await walk(tenant, `?limit=2${filter}`)).map((f) => f.id)).toEqual(whole);
    }
  });

  it('walks order recent with limit 2 while scans change findings, seeing every row exactly once', async () => {
    const [tenant] = await t.current.twoTenants();
    await importInto(tenant, 'grype/dd-issue_9618.json');
    const before = (await t.current.db.query<{ id: string }>('SELECT id FROM findings WHERE org_id = $1', [tenant.id])).rows.map((r) => r.id);
    let round = 0;
    const seen = await walk(tenant, '?order=recent&limit=2', async () => {
      // Between pages: new findings arrive and existing ones move (seen again, severity rewritten).
      if (round++ % 5 === 0) await importInto(tenant, round % 2 ? 'trivy/alpine-310.json' : 'grype/dd-issue_9618.json');
    });
    const ids = seen.map((f) => f.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(expect.arrayContaining(before));
    const first = await list(tenant, '?order=recent&limit=2');
    expect(first.body.page).toEqual({ limit: 2, stable: true });
  });

  it('answers every unusable cursor with one identical error: forged, foreign, for other filters, too long', async () => {
    const [a, b] = await t.current.twoTenants();
    await importInto(a, 'trivy/ubuntu-1804.json');
    await importInto(b, 'trivy/ubuntu-1804.json');
    const cursor = (await list(a, '?limit=1&status=open')).body.next_cursor as string;
    expect(cursor.length).toBeLessThan(300);
    expect((await list(a, `?limit=1&status=open&cursor=${encodeURIComponent(cursor)}`)).status).toBe(200);

    const refusals = [
      await list(a, `?limit=1&status=open,triaged&cursor=${encodeURIComponent(cursor)}`),
      await list(a, `?limit=1&status=open&order=recent&cursor=${encodeURIComponent(cursor)}`),
      await list(b, `?limit=1&status=open&cursor=${encodeURIComponent(cursor)}`),
      await list(a, `?limit=1&status=open&cursor=${encodeURIComponent(cursor.slice(0, -2) + (cursor.endsWith('AA') ? 'BB' : 'AA'))}`),
      await list(a, `?limit=1&status=open&cursor=${'x'.repeat(4097)}`),
      await t.current.call('GET', `/api/v1/assets/${randomUUID()}/findings?cursor=${'x'.repeat(4097)}`, { token: a.owner.token }),
    ];
    for (const refusal of refusals) {
      expect(refusal.status).toBe(400);
      expect(refusal.raw).toBe('{"error":"invalid or expired cursor","code":"validation_failed"}');
    }
  });

  it('GET /findings/{id} carries the 50 newest events; /events pages through all of them', async () => {
    const [tenant] = await t.current.twoTenants();
    const { asset_id } = await importInto(tenant, 'trivy/alpine-310.json');
    const finding = (await list(tenant, `?asset_id=${asset_id}&limit=1`)).body.items[0] as Finding;
    // The timeline is append-only; more events are appended as the pipeline appends them.
    await t.current.db.query(
      `INSERT INTO finding_events (org_id, finding_id, type, from_status, to_status, actor_kind, severity)
       SELECT $1, $2, 'status_changed', CASE WHEN n % 2 = 0 THEN 'open' ELSE 'resolved' END, CASE WHEN n % 2 = 0 THEN 'resolved' ELSE 'reopened' END, 'system', 'high'
         FROM generate_series(1, 60) AS n`,
      [tenant.id, finding.id],
    );
    const detail = await t.current.call('GET', `/api/v1/findings/${finding.id}`, { token: tenant.owner.token });
    expect(detail.status).toBe(200);
    expect(detail.body.events).toHaveLength(50);
    const all = [];
    let cursor: string | undefined;
    do {
      const page = await t.current.call('GET', `/api/v1/findings/${finding.id}/events?limit=7${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { token: tenant.owner.token });
      all.push(...page.body.items);
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(all).toHaveLength(61);
    expect(all.slice(0, 50)).toEqual(detail.body.events);
    expect(all.at(-1)).toMatchObject({ type: 'created', to_status: 'open' });
  });

  it('counts exactly up to 10,000 and estimates a larger set, saying so', async () => {
    const [tenant] = await t.current.twoTenants();
    const { asset_id, id: scanId } = await importInto(tenant, 'trivy/alpine-310.json');
    expect((await list(tenant, '')).body).not.toHaveProperty('total_estimated');
    await t.current.db.query(
      `INSERT INTO findings (org_id, asset_id, fingerprint, kind, identifier, severity, fixability, status, detail, first_seen_at, last_seen_at, last_seen_scan_id)
       SELECT $1, $2, 'fp1:' || lpad(to_hex(n), 64, '0'), 'vulnerability', 'CVE-2030-' || n, 'low', 'unknown', 'open', '{"fixed_version":null}', now(), now(), $3
         FROM generate_series(1, 12000) AS n`,
      [tenant.id, asset_id, scanId],
    );
    await actingAsSchemaOwner(() => t.current.db.query('ANALYZE findings'));
    const page = await list(tenant, '?limit=1');
    expect(page.body.total_estimated).toBe(true);
    expect(page.body.total).toBeGreaterThan(10_000);
    const exact = await list(tenant, '?severity=critical,high,medium');
    expect(exact.body).not.toHaveProperty('total_estimated');
    expect(exact.body.total).toBe(4);

    // The estimate is kept a while: the next page answers it without asking the planner, though the set has doubled since.
    await t.current.db.query(
      `INSERT INTO findings (org_id, asset_id, fingerprint, kind, identifier, severity, fixability, status, detail, first_seen_at, last_seen_at, last_seen_scan_id)
       SELECT $1, $2, 'fp1:' || lpad(to_hex(n), 64, '0'), 'vulnerability', 'CVE-2030-' || n, CASE WHEN n = 12001 THEN 'critical' ELSE 'low' END,
              'unknown', 'open', '{"fixed_version":null}', now(), now(), $3
         FROM generate_series(12001, 24000) AS n`,
      [tenant.id, asset_id, scanId],
    );
    await actingAsSchemaOwner(() => t.current.db.query('ANALYZE findings'));
    const next = await list(tenant, `?limit=1&cursor=${encodeURIComponent(page.body.next_cursor)}`);
    expect(next.body).toMatchObject({ total: page.body.total, total_estimated: true });
    // An exact count is never kept: the new critical finding counts at once.
    expect((await list(tenant, '?severity=critical,high,medium')).body.total).toBe(5);
  });

  it('answers a listing whose size is kept in one statement: the page with its exact total, or the page alone with the estimate', async () => {
    const [tenant] = await t.current.twoTenants();
    const { asset_id, id: scanId } = await importInto(tenant, 'trivy/alpine-310.json');
    const addOpenFindings = (from: number, to: number) =>
      t.current.db.query(
        `INSERT INTO findings (org_id, asset_id, fingerprint, kind, identifier, severity, fixability, status, detail, first_seen_at, last_seen_at, last_seen_scan_id)
         SELECT $1, $2, 'fp1:' || lpad(to_hex(n), 64, '0'), 'vulnerability', 'CVE-2031-' || n, 'low', 'unknown', 'open', '{"fixed_version":null}', now(), now(), $3
           FROM generate_series($4::integer, $5::integer) AS n`,
        [tenant.id, asset_id, scanId, from, to],
      );
    // The listing's database port, recording what each statement sent through it asks.
    const sent: string[] = [];
    const kindOf = (sql: string) =>
      sql.startsWith('EXPLAIN') ? 'plan' : sql.startsWith('SELECT count(*)') ? 'count' : sql.includes('count(*)') ? 'page and count' : 'page';
    const q: Queryable = {
      query: <Row,>(sql: string, params?: readonly unknown[], options?: QueryOptions) => {
        sent.push(kindOf(sql));
        return t.current.db.query<Row>(sql, params, options);
      },
    };
    const codec = createCursorCodec({ signingKey: randomBytes(32) });
    const estimates = createEstimateCache({ ttlMs: 60_000, maxEntries: 100 });
    const listPage = async (query: FindingQuery) => {
      sent.length = 0;
      const page = await listFindingsPage(q, codec, tenant.id, query, 'findings', estimates);
      return { page, statements: [...sent] };
    };

    // Cold: the planner sizes the set, then one statement answers the page and the count.
    const cold = await listPage({ status: 'open', limit: 2 });
    expect(cold.statements).toEqual(['plan', 'page and count']);
    expect(cold.page).toMatchObject({ total: 4, has_more: true });
    const warm = await listPage({ status: 'open', limit: 2 });
    expect(warm.statements).toEqual(['page and count']);
    expect(warm.page).toMatchObject({ total: 4 });
    expect(warm.page).not.toHaveProperty('total_estimated');
    // Page 2 counts the whole filtered set, not the rows after its cursor.
    const second = await listPage({ status: 'open', limit: 2, cursor: warm.page.next_cursor });
    expect(second.statements).toEqual(['page and count']);
    expect(second.page).toMatchObject({ total: 4, has_more: false });
    expect(second.page.items).toHaveLength(2);

    // The size is kept, the count is not: three new findings count at once.
    await addOpenFindings(1, 3);
    const grown = await listPage({ status: 'open', limit: 2 });
    expect(grown.statements).toEqual(['page and count']);
    expect(grown.page.total).toBe(7);

    // An empty page after a cursor (every row past it left the filter meanwhile) carries no count: the set is counted alone.
    const kept = grown.page.items.map((finding) => finding.id);
    await t.current.db.query(`UPDATE findings SET status = 'triaged' WHERE org_id = $1 AND NOT (id = ANY ($2::uuid[]))`, [tenant.id, kept]);
    const emptied = await listPage({ status: 'open', limit: 2, cursor: grown.page.next_cursor });
    expect(emptied.statements).toEqual(['page and count', 'count']);
    expect(emptied.page).toMatchObject({ items: [], total: 2, has_more: false });

    // A set the planner expects to be large: the page alone, and the estimate, asked of the planner once.
    await addOpenFindings(4, 12_003);
    await actingAsSchemaOwner(() => t.current.db.query('ANALYZE findings'));
    const large = await listPage({ severity: 'low', limit: 2 });
    expect(large.statements).toEqual(['plan', 'page']);
    expect(large.page.total_estimated).toBe(true);
    expect(large.page.total).toBeGreaterThan(10_000);
    const largeAgain = await listPage({ severity: 'low', limit: 2, cursor: large.page.next_cursor });
    expect(largeAgain.statements).toEqual(['page']);
    expect(largeAgain.page).toMatchObject({ total: large.page.total, total_estimated: true });

    // A set kept as small that has grown past the limit: its count stops at 10,001 and that figure is kept, so the next page counts no more.
    const outgrown = await listPage({ status: 'open', limit: 2 });
    expect(outgrown.statements).toEqual(['page and count']);
    expect(outgrown.page).toMatchObject({ total: 10_001, total_estimated: true });
    const afterOutgrown = await listPage({ status: 'open', limit: 2, cursor: outgrown.page.next_cursor });
    expect(afterOutgrown.statements).toEqual(['page']);
    expect(afterOutgrown.page).toMatchObject({ total: 10_001, total_estimated: true });
  });
});
