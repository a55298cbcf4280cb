// Many large report imports at once against a running Sentinel, while a client
// keeps asking /ready and GET /findings: what the import stall test
// (test/import-stall.test.ts) asserts on and the import-stall benchmark measures.
import { randomUUID } from 'node:crypto';
import { readReportFixture } from '../../services/findings/testing/report-fixtures.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a real Grype report, walked field by field
type Json = Record<string, any>;

/**
 * A real Grype report (grype/dd-many_vulns3.json, 327 matches) grown to `entries`
 * matches: its own matches over and over, each repetition on packages renamed
 * `<name>~<n>` so every match is an issue of its own, as a large image gives.
 */
export function largeRealReport(entries: number): Json {
  const report = structuredClone(readReportFixture('grype/dd-many_vulns3.json')) as Json;
  const matches = report.matches as Json[];
  report.matches = Array.from({ length: entries }, (_, n) => {
    const match = structuredClone(matches[n % matches.length]!);
    const repetition = Math.floor(n / matches.length);
    if (repetition > 0) match.artifact.name = `${match.artifact.name}~${repetition}`;
    return match;
  });
  return report;
}

export interface Answer {
  path: string;
  status: number;
  /** performance.now() when the request was sent and when its answer had arrived. */
  sentAt: number;
  answeredAt: number;
}

export interface ImportsUnderProbes {
  imports: (Answer & { scanId: string | undefined })[];
  /** The imports in progress: from the first one sent until every one has been answered and has settled. */
  window: { start: number; end: number };
  probes: Answer[];
}

async function timed(base: string, path: string, init: RequestInit): Promise<Answer & { body: string }> {
  const sentAt = performance.now();
  const response = await fetch(`${base}${path}`, init);
  const body = await response.text();
  return { path, status: response.status, sentAt, answeredAt: performance.now(), body };
}

/**
 * Posts every report at once to POST /api/v1/scans/import, while two clients
 * (one asking /ready, one GET /findings) each send their next request as soon as
 * the last is answered; they go on until every import has been answered and
 * `settled` (the scans' completion, say) resolves.
 */
export async function importsUnderProbes(base: string, token: string, reports: readonly Json[], settled: (scanIds: string[]) => Promise<void>): Promise<ImportsUnderProbes> {
  const authorization = { authorization: `Bearer ${token}` };
  const probes: Answer[] = [];
  let probing = true;
  const probe = async (path: string, headers: Record<string, string>) => {
    while (probing) {
      const { body: _body, ...answer } = await timed(base, path, { headers });
      probes.push(answer);
    }
  };
  const probers = [probe('/ready', {}), probe('/api/v1/findings?limit=50', authorization)];
  try {
    const start = performance.now();
    const imports = await Promise.all(
      reports.map(async (report) => {
        const body = JSON.stringify({ image: `ghcr.io/acme/stall-${randomUUID().slice(0, 8)}:1.0`, format: 'grype', report });
        const { body: answer, ...timing } = await timed(base, '/api/v1/scans/import', { method: 'POST', headers: { ...authorization, 'content-type': 'application/json' }, body });
        return { ...timing, scanId: timing.status === 202 ? (JSON.parse(answer) as { id: string }).id : undefined };
      }),
    );
    await settled(imports.flatMap((answer) => (answer.scanId === undefined ? [] : [answer.scanId])));
    return { imports, window: { start, end: performance.now() }, probes };
  } finally {
    probing = false;
    await Promise.all(probers);
  }
}

/** The answers of a path that arrived within the window. */
export const answeredWithin = (probes: readonly Answer[], path: string, window: { start: number; end: number }) =>
  probes.filter((probe) => probe.path === path && probe.answeredAt > window.start && probe.answeredAt < window.end);
