// Verdict latency: POST /api/v1/scans/{id}/verdict through the whole HTTP app
// (guard, validation, handler, evaluation, insert with its outbox event) on real
// PostgreSQL, for completed scans of 100, 1,000 and 10,000 findings whose
// summaries the scan-summary processor has frozen. Each request records a new
// verdict (a fresh scan per request), so no replay is timed. Target: p99 under
// 50 ms at 10,000 findings.
import { performance } from 'node:perf_hooks';
import { migrate } from '../../services/platform/db/migrate.js';
import { createPostgresDatabase } from '../../services/platform/db/postgres.js';
import { runAsAdmin } from '../support/postgres-admin.js';
import { databaseUrl } from '../support/services.js';
import { benchApp } from './bench-app.js';

const SIZES = [100, 1_000, 10_000];
const REQUESTS_PER_SIZE = Number(process.env.BENCH_VERDICT_REQUESTS ?? 200);
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

// A release policy with a rule on every field a condition can test.
const rules = [
  { name: 'critical fixable', effect: 'block', when: [{ field: 'severity', op: 'at_least', value: 'critical' }, { field: 'fixability', op: 'in', value: ['fixable'] }] },
  { name: 'high and scored', effect: 'warn', when: [{ field: 'severity', op: 'at_least', value: 'high' }, { field: 'cvss', op: 'at_least', value: 7 }] },
  { name: 'old open', effect: 'warn', when: [{ field: 'status', op: 'in', value: ['open', 'reopened'] }, { field: 'first_seen_age_days', op: 'at_least', value: 30 }] },
  { name: 'named advisories', effect: 'block', when: [{ field: 'advisory', op: 'in', value: ['CVE-2024-10007', 'CVE-2024-10042', 'GHSA-aaaa-bbbb-cccc'] }] },
  { name: 'banned component', effect: 'block', when: [{ field: 'component', op: 'in', value: ['libbench7'] }] },
  { name: 'secrets', effect: 'block', when: [{ field: 'kind', op: 'in', value: ['secret'] }] },
];

export async function run(): Promise<Record<string, number | string>> {
  const name = `sentinel_bench_verdicts_${process.pid}`;
  await runAsAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await runAsAdmin(`CREATE DATABASE ${name}`);
  const db = createPostgresDatabase({ connectionString: databaseUrl(name), maxConnections: 10 });
  try {
    await migrate(db);
    const { app, token, orgId } = await benchApp(db);
    const inject = (method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
      app.fastify.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) });
    const policy = await inject('POST', '/api/v1/policies', { name: 'release', rules, enabled: true });
    if (policy.statusCode !== 201) throw new Error(`POST /policies answered ${policy.statusCode}: ${policy.body}`);
    const asset = await db.query<{ id: string }>(
      `INSERT INTO assets (org_id, reference, registry, repository, tag, pinned) VALUES ($1, 'registry.example.com/bench/verdicts:1', 'registry.example.com', 'bench/verdicts', '1', false) RETURNING id`,
      [orgId],
    );

    const figures: Record<string, number | string> = {};
    for (const size of SIZES) {
      // Completed scans with frozen summaries, as the pipeline leaves them (facets cycle like a real image's).
      const scans = await db.query<{ id: string }>(
        `INSERT INTO scans (org_id, asset_id, image, scanners, source, state, started_at, completed_at, completed_kinds)
         SELECT $1, $2, 'registry.example.com/bench/verdicts:1', '{trivy}', 'import', 'completed', now(), now(), '{vulnerability}'
           FROM generate_series(1, $3) RETURNING id`,
        [orgId, asset.rows[0]!.id, REQUESTS_PER_SIZE],
      );
      const scanIds = scans.rows.map((r) => r.id);
      await db.query(`INSERT INTO scan_summaries (scan_id, org_id, frozen_at) SELECT id, $1, now() FROM unnest($2::uuid[]) AS s (id)`, [orgId, scanIds]);
      await db.query(
        `INSERT INTO scan_summary_findings (org_id, scan_id, fingerprint, kind, severity, fixability, cvss_score, identifier, aliases, component_name, finding_id, status, first_seen_age_days)
         SELECT $1, s.id, 'fp1:' || lpad(to_hex(n), 64, '0'), 'vulnerability',
                (ARRAY['critical','high','medium','low','unknown','none'])[1 + n % 6], (ARRAY['fixable','unknown'])[1 + n % 2],
                CASE WHEN n % 4 = 0 THEN NULL ELSE (n % 100) / 10.0 END, lower('CVE-2024-' || (10000 + n)), ARRAY[lower('GHSA-' || n)],
                'libbench' || (n % 250), gen_random_uuid(), (ARRAY['open','open','triaged','suppressed','reopened'])[1 + n % 5], n % 90
           FROM unnest($2::uuid[]) AS s (id), generate_series(1, $3) AS n`,
        [orgId, scanIds, size],
      );
      await db.query('ANALYZE scan_summary_findings');

      const timings: number[] = [];
      for (const scanId of scanIds) {
        const started = performance.now();
        const response = await inject('POST', `/api/v1/scans/${scanId}/verdict`);
        timings.push(performance.now() - started);
        if (response.statusCode !== 201) throw new Error(`verdict for a ${size}-finding scan answered ${response.statusCode}: ${response.body}`);
      }
      timings.sort((a, b) => a - b);
      const label = size.toLocaleString('en-US');
      figures[`verdict, ${label} findings, p50 ms`] = percentile(timings, 50);
      figures[`verdict, ${label} findings, p99 ms`] = percentile(timings, 99);
    }
    figures['requests per size'] = REQUESTS_PER_SIZE;
    figures['p99 at 10,000 / target 50 ms'] = (figures['verdict, 10,000 findings, p99 ms'] as number) / 50;
    await app.fastify.close();
    return figures;
  } finally {
    await db.close();
    await runAsAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}
