// Verdicts (spec 2.7, 4.1): a scan evaluated against the enabled policy's latest
// version, recorded once per (scan, policy version) and never changed. The
// response body is stored as written, so a replay answers the same bytes.
import type { components } from '../../api/openapi.js';
import { randomUUID } from 'node:crypto';
import { writeAnnounced } from '../../streams/outbox.js';
import { eventActorOf, type Principal } from '../platform/principal.js';
import type { Database, OrgId, Queryable } from '../platform/db/database.js';
import { AppError, notFound } from '../platform/errors.js';
import { jsonText, type JsonText } from '../platform/http/handler.js';
import { findEnabledPolicy, type EnabledPolicy } from '../policies/index.js';
import { getScan, requestedByView, requesterColumns, requesterOf, type RequestedByView, type ScanRow } from '../scans/index.js';
import { evaluatePolicy, type Evaluation } from './evaluate.js';
import { verdictEvidence } from './scan-summary.js';

/** The verdict body, the contract pipelines gate on: the document's Verdict. */
export type Verdict = components['schemas']['Verdict'];

/** Stored bodies are sent as they are, with the media type Fastify gives the JSON it serializes itself. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** A recorded verdict's response: 201 when this request recorded it, 200 when it replays the one recorded before. */
interface VerdictAnswer {
  status: 201 | 200;
  /** The stored JSON text, byte for byte. */
  body: JsonText<Verdict>;
}

/** A 409 that a client tells apart by `rule`; verdict_not_ready also carries Retry-After. */
const refusal = (rule: 'scan_not_completed' | 'no_enabled_policy' | 'verdict_not_ready', message: string, headers?: Record<string, string>): AppError =>
  new AppError('conflict', message, { details: { rule }, headers });

async function storedBody(q: Queryable, orgId: OrgId, scanId: string, policyVersionId: string): Promise<JsonText<Verdict> | undefined> {
  const found = await q.query<{ body: JsonText<Verdict> }>('SELECT body FROM verdicts WHERE org_id = $1 AND scan_id = $2 AND policy_version_id = $3', [orgId, scanId, policyVersionId]);
  return found.rows[0]?.body;
}

/**
 * Evaluates the scan against the enabled policy's latest version and records the
 * verdict, or answers the one already recorded for that version. Refusals, in
 * order: 404 (missing or another organization's scan, identical), 409
 * scan_not_completed (queued, running, partial or failed: no verdict on
 * incomplete evidence), 409 no_enabled_policy, 409 verdict_not_ready while the
 * scan's summary is not frozen yet (retry after a second).
 *
 * Concurrent requests for one scan and version all evaluate; the unique key
 * lets exactly one insert, and the others answer the row it inserted.
 */
export async function requestVerdict(db: Database, principal: Principal, scanId: string, requestId: string): Promise<VerdictAnswer> {
  const orgId = principal.orgId;
  // The scan, and meanwhile the enabled policy and then what a verdict under it is made of: two round trips
  // in a row instead of three. What is read for a scan that turns out missing or incomplete is not used:
  // the scan's refusals still come first.
  const [scan, underPolicy] = await Promise.all([
    getScan(db, orgId, scanId),
    findEnabledPolicy(db, orgId).then(async (policy) => policy && { policy, evidence: await verdictEvidence(db, orgId, scanId, policy.versionId, policy.rules) }),
  ]);
  if (scan.state !== 'completed') {
    throw refusal('scan_not_completed', `scan not completed: a verdict needs a completed scan, and this one is ${scan.state}`);
  }
  if (!underPolicy) throw refusal('no_enabled_policy', 'no enabled policy: enable a policy to request verdicts');
  const { policy, evidence } = underPolicy;
  if (evidence.recordedBody !== null) return { status: 200, body: evidence.recordedBody };
  if (!evidence.frozen) {
    throw refusal('verdict_not_ready', "verdict not ready: the scan's findings are still being summarized; retry shortly", { 'retry-after': '1' });
  }
  const evaluation = evaluatePolicy(policy.rules, evidence.groups);
  const requester = requesterColumns(requesterOf(principal));
  const view = verdictView(scan, policy, requestedByView(requester), evaluation);
  const body = jsonText(view);

  // One statement records the verdict and its event; a concurrent request that recorded this version first wins.
  const recordedNow = await writeAnnounced(
    db,
    {
      sql: `INSERT INTO verdicts (id, org_id, scan_id, policy_version_id, blocking, body, requested_by, requested_by_api_key_id, requested_by_workload_id, created_at)
            VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
            ON CONFLICT (org_id, scan_id, policy_version_id) DO NOTHING`,
      params: [view.id, orgId, scan.id, policy.versionId, view.blocking, body, requester.userId, requester.apiKeyId, requester.workloadId, view.created_at],
    },
    orgId,
    {
      type: 'verdict.recorded',
      subjectId: view.id,
      actor: eventActorOf(principal),
      correlationId: requestId,
      payload: {
        verdict_id: view.id,
        scan_id: view.scan_id,
        asset_id: view.asset_id,
        policy_id: view.policy.id,
        policy_version_id: view.policy_version_id,
        policy_version: view.policy.version,
        outcome: view.outcome,
        blocking: view.blocking,
      },
    },
  );
  if (!recordedNow) return { status: 200, body: (await storedBody(db, orgId, scan.id, policy.versionId))! };
  return { status: 201, body };
}

function verdictView(scan: ScanRow, policy: EnabledPolicy, requestedBy: RequestedByView, evaluation: Evaluation): Verdict {
  return {
    id: randomUUID(),
    scan_id: scan.id,
    asset_id: scan.asset_id,
    policy: { id: policy.policyId, name: policy.name, version: policy.version },
    policy_version_id: policy.versionId,
    blocking: evaluation.blocking,
    outcome: evaluation.blocking ? 'fail' : 'pass',
    evaluated_findings: evaluation.evaluatedFindings,
    suppressed_findings: evaluation.suppressedFindings,
    rules: evaluation.rules,
    requested_by: requestedBy,
    created_at: new Date().toISOString(),
  };
}

export async function getVerdictBody(q: Queryable, orgId: OrgId, verdictId: string): Promise<JsonText<Verdict>> {
  const found = await q.query<{ body: JsonText<Verdict> }>('SELECT body FROM verdicts WHERE org_id = $1 AND id = $2', [orgId, verdictId]);
  const row = found.rows[0];
  if (!row) throw notFound();
  return row.body;
}

/** Newest first, bounded by limit; a scan_id of another organization simply matches nothing. */
export async function listVerdicts(q: Queryable, orgId: OrgId, filter: { scanId?: string; limit: number }): Promise<Verdict[]> {
  const found = await q.query<{ body: string }>(
    `SELECT body FROM verdicts WHERE org_id = $1 AND ($2::uuid IS NULL OR scan_id = $2::uuid) ORDER BY created_at DESC, id DESC LIMIT $3`,
    [orgId, filter.scanId ?? null, filter.limit],
  );
  return found.rows.map((row) => JSON.parse(row.body) as Verdict);
}
