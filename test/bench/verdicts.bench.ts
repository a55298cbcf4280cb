// Verdict latency: POST /api/v1/scans/{id}/verdict from 8 concurrent clients over
// real sockets to a full-profile deployment (Redis counters, every processor and
// the relay running; the API, the stream processors and the workers as separate
// processes), for completed scans whose summaries are frozen, as the scan-summary
// processor leaves them. Every timed request records a new verdict (201), never a
// replay. Judged by comparisons made in the same run:
//  - against the floor: the same clients ask a bare server (verdict-floor-server.ts)
//    for the same scans' evidence read bare; Sentinel's p99 at most 2 times the floor's.
//    Run 1 asks each of 300 scans of 10,000 findings once under policy version 1, run 2
//    each again under version 2; scans of their own warm the service up first, untimed.
//  - cost growth: 30 scans of 10,000 findings and 30 of 100,000, each asked once per
//    pass, the policy's version moved before every pass (10 passes a run); the larger
//    scans' p99 against the smaller ones', at most linear (10 times).
import { freezeSummaries } from '../../services/verdicts/scan-summary.js';
import { asOrgId } from '../support/org-ids.js';
import { benchSize, scaledSettings } from './bench-settings.js';
import { forkBenchProcess } from './bench-process.js';
import { ratioFigure, type BenchResult } from './figures.js';
import { startFullProfile, type FullProfile } from './full-profile.js';
import { CPU_FACT, describeCpuUse } from './cpu-meter.js';
import { latencyFigures, runPassesTwice, runTwice } from './http-load.js';

const CLIENTS = 8;
const WARMUP_REQUESTS = 100;
/** Sentinel's p99 against the bare evidence read's. */
const FLOOR_P99_MULTIPLE = 2;
const GROWTH_SCANS = 30;
const GROWTH_PASSES = 10;

// A release policy with a rule on every field a condition can test.
const rules = [
  { name: 'critical fixable', effect: 'block', when: [{ field: 'severity', op: 'at_least', value: 'critical' }, { field: 'fixability', op: 'in', value: ['fixable'] }] },
  { name: 'high and scored', effect: 'warn', when: [{ field: 'severity', op: 'at_least', value: 'high' }, { field: 'cvss', op: 'at_least', value: 7 }] },
  { name: 'old open', effect: 'warn', when: [{ field: 'status', op: 'in', value: ['open', 'reopened'] }, { field: 'first_seen_age_days', op: 'at_least', value: 30 }] },
  { name: 'named advisories', effect: 'block', when: [{ field: 'advisory', op: 'in', value: ['CVE-2024-10007', 'CVE-2024-10042', 'GHSA-aaaa-bbbb-cccc'] }] },
  { name: 'banned component', effect: 'block', when: [{ field: 'component', op: 'in', value: ['libbench7'] }] },
  { name: 'secrets', effect: 'block', when: [{ field: 'kind', op: 'in', value: ['secret'] }] },
];

/** Completed scans of `findings` findings each with frozen summaries, as the pipeline leaves them (facets cycle like a real image's). */
async function seedScans(profile: FullProfile, orgId: string, assetId: string, count: number, findings: number): Promise<string[]> {
  const { db } = profile;
  const scans = await db.query<{ id: string }>(
    `INSERT INTO scans (org_id, asset_id, image, scanners, source, state, started_at, completed_at, completed_kinds)
     SELECT $1, $2, 'registry.example.com/bench/verdicts:1', '{trivy}', 'import', 'completed', now(), now(), '{vulnerability}'
       FROM generate_series(1, $3) RETURNING id`,
    [orgId, assetId, count],
  );
  const scanIds = scans.rows.map((r) => r.id);
  await db.query(`INSERT INTO scan_summaries (scan_id, org_id) SELECT id, $1 FROM unnest($2::uuid[]) AS s (id)`, [orgId, scanIds]);
  await db.query(
    `INSERT INTO scan_summary_findings (org_id, scan_id, fingerprint, kind, severity, fixability, cvss_score, identifier, aliases, component_name, finding_id, status, first_seen_age_days)
     SELECT $1, s.id, 'fp1:' || lpad(to_hex(n), 64, '0'), 'vulnerability',
            (ARRAY['critical','high','medium','low','unknown','none'])[1 + n % 6], (ARRAY['fixable','unknown'])[1 + n % 2],
            CASE WHEN n % 4 = 0 THEN NULL ELSE (n % 100) / 10.0 END, lower('CVE-2024-' || (10000 + n)), ARRAY[lower('GHSA-' || n)],
            'libbench' || (n % 250), gen_random_uuid(), (ARRAY['open','open','triaged','suppressed','reopened'])[1 + n % 5], n % 90
       FROM unnest($2::uuid[]) AS s (id), generate_series(1, $3) AS n`,
    [orgId, scanIds, findings],
  );
  // Frozen as the processor freezes them (no findings rows: status and age stay as seeded), which groups them.
  await db.transaction((tx) => freezeSummaries(tx, scanIds.map((id) => ({ id, orgId: asOrgId(orgId), assetId, image: '', createdAt: '', state: 'completed' }))));
  return scanIds;
}

export async function run(): Promise<BenchResult> {
  const profile = await startFullProfile('verdicts');
  try {
    await profile.start('api');
    await profile.start('streams');
    await profile.start('workers');
    const tenant = await profile.signUp(['verdicts:request', 'scans:read']);
    const policy = await profile.call('POST', '/api/v1/policies', tenant.accessToken, { name: 'release', rules, enabled: true });
    const newPolicyVersion = () => profile.call('POST', `/api/v1/policies/${policy.id as string}/versions`, tenant.accessToken, { rules });
    const { db } = profile;
    const asset = await db.query<{ id: string }>(
      `INSERT INTO assets (org_id, reference, registry, repository, tag, pinned) VALUES ($1, 'registry.example.com/bench/verdicts:1', 'registry.example.com', 'bench/verdicts', '1', false) RETURNING id`,
      [tenant.orgId],
    );
    const assetId = asset.rows[0]!.id;
    const allScanIds = await seedScans(profile, tenant.orgId, assetId, benchSize.verdictRequests + WARMUP_REQUESTS, benchSize.verdictFindings);
    const [warmupScanIds, scanIds] = [allScanIds.slice(0, WARMUP_REQUESTS), allScanIds.slice(WARMUP_REQUESTS)];
    const smallScanIds = await seedScans(profile, tenant.orgId, assetId, GROWTH_SCANS, benchSize.verdictFindings);
    const largeScanIds = await seedScans(profile, tenant.orgId, assetId, GROWTH_SCANS, benchSize.verdictLargeFindings);
    await profile.settle(['scan_summary_findings', 'scan_summary_groups', 'scan_summary_aliases']);

    const verdictsOf = (ids: readonly string[]) => ids.map((id) => ({ method: 'POST' as const, path: `/api/v1/scans/${id}/verdict` }));
    const runs = await runTwice({
      base: profile.base,
      token: tenant.apiKey,
      connections: CLIENTS,
      amount: scanIds.length,
      requests: verdictsOf(scanIds),
      warmup: verdictsOf(warmupScanIds),
      expectStatus: 201,
      // A new policy version before the second run, so every request records a new verdict.
      beforeRun: async (run) => {
        if (run > 1) await newPolicyVersion();
      },
      meterCpu: profile.meterCpu,
    });
    const floor = await forkBenchProcess('verdict-floor-server.ts', { DATABASE_URL: profile.databaseUrl, ORG_ID: tenant.orgId });
    const floorRuns = await runTwice({
      base: `http://127.0.0.1:${floor.port}`,
      token: tenant.apiKey,
      connections: CLIENTS,
      amount: scanIds.length,
      requests: scanIds.map((id) => ({ method: 'GET', path: `/${id}` })),
      warmup: warmupScanIds.map((id) => ({ method: 'GET', path: `/${id}` })),
      expectStatus: 200,
      meterCpu: profile.meterCpu,
    }).finally(() => floor.stop());
    const growthRuns = (ids: readonly string[]) =>
      runPassesTwice({ base: profile.base, token: tenant.apiKey, connections: CLIENTS, requests: verdictsOf(ids), passes: GROWTH_PASSES, beforePass: newPolicyVersion, expectStatus: 201 });
    const smallRuns = await growthRuns(smallScanIds);
    const largeRuns = await growthRuns(largeScanIds);

    const recorded = (await db.query<{ n: number }>('SELECT count(*)::integer AS n FROM verdicts WHERE org_id = $1', [tenant.orgId])).rows[0]!.n;
    const expected = 2 * scanIds.length + warmupScanIds.length + 2 * 2 * GROWTH_PASSES * GROWTH_SCANS;
    if (recorded !== expected) throw new Error(`expected ${expected} verdicts recorded, found ${recorded}`);

    const scale = (findings: number) => `${findings.toLocaleString('en-US')} findings a scan`;
    return {
      figures: [
        ratioFigure('p99 against the floor', runs.map((r) => r.p99), floorRuns.map((r) => r.p99), 'lower', FLOOR_P99_MULTIPLE),
        ratioFigure(
          `p99 growth, ${scale(benchSize.verdictLargeFindings)} against ${scale(benchSize.verdictFindings)}`,
          largeRuns.map((r) => r.p99),
          smallRuns.map((r) => r.p99),
          'lower',
          benchSize.verdictLargeFindings / benchSize.verdictFindings,
        ),
        ...latencyFigures('verdict', scale(benchSize.verdictFindings), runs),
        ...latencyFigures('bare evidence read (the floor)', 'same clients and scans', floorRuns),
        ...latencyFigures('verdict, growth passes', scale(benchSize.verdictFindings), smallRuns),
        ...latencyFigures('verdict, growth passes', scale(benchSize.verdictLargeFindings), largeRuns),
      ],
      facts: {
        'requests per run': scanIds.length,
        'concurrent clients': CLIENTS,
        'untimed warm-up requests': warmupScanIds.length,
        'growth: scans of each size, passes a run': `${GROWTH_SCANS}, ${GROWTH_PASSES}`,
        [CPU_FACT]: describeCpuUse(runs.map((run) => run.cpu)),
      },
      scaled: scaledSettings(['verdictFindings', 'verdictLargeFindings', 'verdictRequests']),
    };
  } finally {
    await profile.close();
  }
}
