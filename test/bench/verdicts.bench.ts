// Verdict latency: POST /api/v1/scans/{id}/verdict from 8 concurrent clients over
// real sockets to a full-profile deployment (Redis counters, every processor and
// the relay running), for completed scans of 10,000 findings each whose summaries
// are frozen, as the scan-summary processor leaves them. Every request records a
// new verdict (201): run 1 asks each scan once under policy version 1, run 2 asks
// each again after version 2 is recorded, so no replay (200) is ever timed. Scans
// of their own warm the service up first, untimed. The API, the stream processors
// and the workers run as separate processes, as the full profile deploys them.
// Target: p99 under 50 ms.
import { freezeSummaries } from '../../services/verdicts/scan-summary.js';
import { asOrgId } from '../support/org-ids.js';
import { benchSize, scaledSettings } from './bench-settings.js';
import type { BenchResult } from './figures.js';
import { startFullProfile } from './full-profile.js';
import { CPU_FACT, describeCpuUse } from './cpu-meter.js';
import { latencyFigures, runTwice } from './http-load.js';

const CLIENTS = 8;
const TARGET_P99_MS = 50;
const WARMUP_REQUESTS = 100;

// A release policy with a rule on every field a condition can test.
const rules = [
  { name: 'critical fixable', effect: 'block', when: [{ field: 'severity', op: 'at_least', value: 'critical' }, { field: 'fixability', op: 'in', value: ['fixable'] }] },
  { name: 'high and scored', effect: 'warn', when: [{ field: 'severity', op: 'at_least', value: 'high' }, { field: 'cvss', op: 'at_least', value: 7 }] },
  { name: 'old open', effect: 'warn', when: [{ field: 'status', op: 'in', value: ['open', 'reopened'] }, { field: 'first_seen_age_days', op: 'at_least', value: 30 }] },
  { name: 'named advisories', effect: 'block', when: [{ field: 'advisory', op: 'in', value: ['CVE-2024-10007', 'CVE-2024-10042', 'GHSA-aaaa-bbbb-cccc'] }] },
  { name: 'banned component', effect: 'block', when: [{ field: 'component', op: 'in', value: ['libbench7'] }] },
  { name: 'secrets', effect: 'block', when: [{ field: 'kind', op: 'in', value: ['secret'] }] },
];

export async function run(): Promise<BenchResult> {
  const profile = await startFullProfile('verdicts');
  try {
    await profile.start('api');
    await profile.start('streams');
    await profile.start('workers');
    const tenant = await profile.signUp(['verdicts:request', 'scans:read']);
    const policy = await profile.call('POST', '/api/v1/policies', tenant.accessToken, { name: 'release', rules, enabled: true });
    const { db } = profile;
    const asset = await db.query<{ id: string }>(
      `INSERT INTO assets (org_id, reference, registry, repository, tag, pinned) VALUES ($1, 'registry.example.com/bench/verdicts:1', 'registry.example.com', 'bench/verdicts', '1', false) RETURNING id`,
      [tenant.orgId],
    );
    const assetId = asset.rows[0]!.id;
    // Completed scans with frozen summaries, as the pipeline leaves them (facets cycle like a real image's).
    const scans = await db.query<{ id: string }>(
      `INSERT INTO scans (org_id, asset_id, image, scanners, source, state, started_at, completed_at, completed_kinds)
       SELECT $1, $2, 'registry.example.com/bench/verdicts:1', '{trivy}', 'import', 'completed', now(), now(), '{vulnerability}'
         FROM generate_series(1, $3) RETURNING id`,
      [tenant.orgId, assetId, benchSize.verdictRequests + WARMUP_REQUESTS],
    );
    const allScanIds = scans.rows.map((r) => r.id);
    const [warmupScanIds, scanIds] = [allScanIds.slice(0, WARMUP_REQUESTS), allScanIds.slice(WARMUP_REQUESTS)];
    await db.query(`INSERT INTO scan_summaries (scan_id, org_id) SELECT id, $1 FROM unnest($2::uuid[]) AS s (id)`, [tenant.orgId, allScanIds]);
    await db.query(
      `INSERT INTO scan_summary_findings (org_id, scan_id, fingerprint, kind, severity, fixability, cvss_score, identifier, aliases, component_name, finding_id, status, first_seen_age_days)
       SELECT $1, s.id, 'fp1:' || lpad(to_hex(n), 64, '0'), 'vulnerability',
              (ARRAY['critical','high','medium','low','unknown','none'])[1 + n % 6], (ARRAY['fixable','unknown'])[1 + n % 2],
              CASE WHEN n % 4 = 0 THEN NULL ELSE (n % 100) / 10.0 END, lower('CVE-2024-' || (10000 + n)), ARRAY[lower('GHSA-' || n)],
              'libbench' || (n % 250), gen_random_uuid(), (ARRAY['open','open','triaged','suppressed','reopened'])[1 + n % 5], n % 90
         FROM unnest($2::uuid[]) AS s (id), generate_series(1, $3) AS n`,
      [tenant.orgId, allScanIds, benchSize.verdictFindings],
    );
    // Frozen as the processor freezes them (no findings rows: status and age stay as seeded), which groups them.
    await db.transaction((tx) => freezeSummaries(tx, allScanIds.map((id) => ({ id, orgId: asOrgId(tenant.orgId), assetId, image: '', createdAt: '', state: 'completed' }))));
    await profile.settle(['scan_summary_findings', 'scan_summary_groups', 'scan_summary_aliases']);

    const runs = await runTwice({
      base: profile.base,
      token: tenant.apiKey,
      connections: CLIENTS,
      amount: scanIds.length,
      requests: scanIds.map((id) => ({ method: 'POST', path: `/api/v1/scans/${id}/verdict` })),
      warmup: warmupScanIds.map((id) => ({ method: 'POST', path: `/api/v1/scans/${id}/verdict` })),
      expectStatus: 201,
      // A new policy version before the second run, so every request records a new verdict.
      beforeRun: async (run) => {
        if (run > 1) await profile.call('POST', `/api/v1/policies/${policy.id as string}/versions`, tenant.accessToken, { rules });
      },
      meterCpu: profile.meterCpu,
    });
    const recorded = (await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM verdicts WHERE org_id = $1', [tenant.orgId])).rows[0]!.n;
    if (recorded !== 2 * scanIds.length + warmupScanIds.length) throw new Error(`expected ${2 * scanIds.length + warmupScanIds.length} verdicts recorded, found ${recorded}`);

    return {
      figures: latencyFigures('verdict', `${benchSize.verdictFindings.toLocaleString('en-US')} findings`, runs, TARGET_P99_MS),
      facts: {
        'requests per run': scanIds.length,
        'concurrent clients': CLIENTS,
        'untimed warm-up requests': warmupScanIds.length,
        [CPU_FACT]: describeCpuUse(runs.map((run) => run.cpu)),
      },
      scaled: scaledSettings(['verdictFindings', 'verdictRequests']),
    };
  } finally {
    await profile.close();
  }
}
