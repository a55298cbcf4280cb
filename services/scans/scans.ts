// Scans and the assets they create (spec 2.7, 4.1). Every statement names the
// organization; a scan or asset of another organization is simply not found.
import type { components } from '../../api/openapi.js';
import type { ObservationKind, ReportWarning } from '../findings/index.js';
import { recordIdentityEvent, recordSystemIdentityEvent, type RequestOrigin } from '../platform/audit/identity-trail.js';
import { actorColumnsOf, recordedActorOf, type Principal, type RecordedActor } from '../platform/principal.js';
import { appendToOutbox } from '../../streams/outbox.js';
import { enqueueJob } from '../platform/jobs.js';
import type { OrgId, Queryable } from '../platform/db/database.js';
import { notFound, validationFailed } from '../platform/errors.js';
import type { CursorCodec } from '../platform/pagination/cursor.js';
import { newestFirst, type KeysetRow } from '../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage } from '../platform/pagination/page.js';
import { assetIdentity, parseImageReference, type ImageReference, type ImageReferenceOptions } from './image-reference.js';
import type { AdvisoryDataUsed } from './scan-results.js';
import { isSoftwareReference, type SoftwareAssetName } from './software-asset.js';
import { isoOrNull } from '../platform/http/timestamps.js';

export const SCAN_JOB_KIND = 'scan.run';

type ScanSource = 'scan' | 'import' | 'schedule' | 'advisory_update';

/** Why a scan nobody asked for ran: the document's ScanCause (null there for a scan someone asked for), continuous matching's advisory ids. */
export type ScanCause = NonNullable<components['schemas']['ScanCause']>;

type ScanState = 'queued' | 'running' | 'completed' | 'partial' | 'failed';

/** Who asked for a scan: a person, a machine (an API key or a workload, each in its own column), or the scheduler (nobody). */
type ScanRequester = RecordedActor | 'system';

export const requesterOf = (principal: Principal): ScanRequester => recordedActorOf(principal);

/** The three columns a requester is stored in: a person's id, or a machine's in its own column (spec 2.2). */
export const requesterColumns = (requester: ScanRequester) => actorColumnsOf(requester === 'system' ? undefined : requester);

/** A requester as responses show it: the document's Scan.requested_by (a verdict's too). */
export type RequestedByView = components['schemas']['Scan']['requested_by'];

/** A requester as responses show it, from its three columns. */
export function requestedByView(columns: Pick<ReturnType<typeof requesterColumns>, 'userId' | 'apiKeyId' | 'workloadId'>): RequestedByView {
  if (columns.userId) return { kind: 'user', id: columns.userId };
  if (columns.apiKeyId) return { kind: 'api_key', id: columns.apiKeyId };
  if (columns.workloadId) return { kind: 'workload', id: columns.workloadId };
  return { kind: 'system', id: null };
}

/** A scan as the API shows it: the document's Scan. */
type Scan = components['schemas']['Scan'];

export interface ScanRow {
  id: string;
  asset_id: string;
  image: string;
  scanners: string[];
  source: ScanSource;
  state: ScanState;
  failure_reason: string | null;
  requested_by: string | null;
  requested_by_api_key_id: string | null;
  requested_by_workload_id: string | null;
  created_at: Date;
  started_at: Date | null;
  completed_at: Date | null;
  observation_count: number | null;
  completed_kinds: ObservationKind[];
  new_count: number | null;
  reopened_count: number | null;
  resolved_count: number | null;
  warnings: ReportWarning[];
  platform: string | null;
  advisory_data: AdvisoryDataUsed[] | null;
  cause: ScanCause | null;
}

const scanColumns = `id, asset_id, image, scanners, source, state, failure_reason, requested_by, requested_by_api_key_id, requested_by_workload_id,
  created_at, started_at, completed_at, observation_count, completed_kinds, new_count, reopened_count, resolved_count, warnings, platform, advisory_data, cause`;


export function toScanView(row: ScanRow): Scan {
  return {
    id: row.id,
    asset_id: row.asset_id,
    image: row.image,
    scanners: row.scanners,
    source: row.source,
    state: row.state,
    failure_reason: row.failure_reason,
    requested_by: requestedByView({ userId: row.requested_by, apiKeyId: row.requested_by_api_key_id, workloadId: row.requested_by_workload_id }),
    created_at: row.created_at.toISOString(),
    started_at: isoOrNull(row.started_at),
    completed_at: isoOrNull(row.completed_at),
    observation_count: row.observation_count,
    completed_kinds: row.completed_kinds,
    new_findings: row.new_count,
    reopened_findings: row.reopened_count,
    resolved_findings: row.resolved_count,
    warnings: row.warnings,
    platform: row.platform,
    advisory_data: row.advisory_data,
    cause: row.cause,
  };
}

/** Parses an untrusted image reference, refusing it with 400 and a message naming the rule. */
export function parseImageOrRefuse(image: string, options: ImageReferenceOptions = {}): ImageReference {
  const parsed = parseImageReference(image, options);
  if (!parsed.ok) throw validationFailed(parsed.refusal.message, { rule: parsed.refusal.rule });
  return parsed.reference;
}

/** The asset's identity, stored as its reference: the findings' fingerprint key (spec 1.1 rule 7). */
export const assetKeyOf = (reference: ImageReference | SoftwareAssetName): string => ('kind' in reference ? reference.canonical : assetIdentity(reference));

/**
 * The asset an image reference (or a software asset's name) names in the organization,
 * created on first sight. `created` is true for the one transaction that inserted it: a
 * concurrent first sighting waits for that insert and finds the row (xmax is set by its DO UPDATE).
 */
async function findOrCreateAsset(tx: Queryable, orgId: OrgId, reference: ImageReference | SoftwareAssetName): Promise<{ id: string; reference: string; pinned: boolean; created: boolean }> {
  const row =
    'kind' in reference
      ? { kind: 'software', registry: null, repository: null, tag: null, digest: null, pinned: false, name: reference.name, version: reference.version }
      : { kind: 'image', ...reference, name: null, version: null };
  const found = await tx.query<{ id: string; reference: string; pinned: boolean; created: boolean }>(
    `INSERT INTO assets (org_id, reference, registry, repository, tag, digest, pinned, kind, name, version)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (org_id, reference) DO UPDATE SET reference = excluded.reference
     RETURNING id, reference, pinned, xmax = 0 AS created`,
    [orgId, assetKeyOf(reference), row.registry, row.repository, row.tag, row.digest, row.pinned, row.kind, row.name, row.version],
  );
  return found.rows[0]!;
}

/**
 * Audits a new asset in the identity trail (spec 6.2) and announces it, in the
 * transaction that created it, as asset.archived and asset.deleted are.
 */
async function recordAssetCreated(tx: Queryable, orgId: OrgId, asset: { id: string; reference: string }, requester: ScanRequester, origin: RequestOrigin | null): Promise<void> {
  const detail = { asset_id: asset.id, reference: asset.reference };
  if (requester === 'system' || origin === null) await recordSystemIdentityEvent(tx, orgId, { action: 'asset.created', detail });
  else await recordIdentityEvent(tx, orgId, origin, { actor: requester, action: 'asset.created', detail });
  const actor = requestedByView(requesterColumns(requester));
  await appendToOutbox(tx, orgId, { type: 'asset.created', subjectId: asset.id, actor, correlationId: origin?.requestId, payload: detail });
}

/** The built-in scanner runs when a request names none. */
const DEFAULT_SCANNERS = ['sentinel'];

/**
 * What POST /scans asks for: the image (refused when it names a software asset, whose
 * reference would otherwise read as a Docker Hub image, software:<tag>), its scanners
 * (the built-in one when none is named, each once, in order) and the platform.
 */
export function requestedScan(request: { image: string; scanners?: string[]; platform?: string }, options?: ImageReferenceOptions) {
  if (isSoftwareReference(request.image))
    throw validationFailed('a software asset has no image to pull: record its scans by importing its SBOM or reports (POST /api/v1/scans/import with software)', { rule: 'software_asset' });
  return { reference: parseImageOrRefuse(request.image, options), scanners: [...new Set(request.scanners ?? DEFAULT_SCANNERS)].sort(), platform: request.platform ?? null };
}

interface NewScan {
  /** The image to scan, or for an import only, the software asset the report is of. */
  reference: ImageReference | SoftwareAssetName;
  scanners: string[];
  /** os/architecture[/variant] to take from an index; null for the default (linux/amd64). */
  platform?: string | null;
  source: ScanSource;
  requester: ScanRequester;
  /** The request that asked for the scan; null for the scheduler, which has none. */
  origin: RequestOrigin | null;
}

/**
 * Records a scan of the image or software (creating its asset on first sight). A scan from a
 * scanner request is queued with a job for the workers; an import starts running
 * at once, its results being already in hand.
 */
export async function createScan(tx: Queryable, orgId: OrgId, scan: NewScan): Promise<ScanRow> {
  const asset = await findOrCreateAsset(tx, orgId, scan.reference);
  if (asset.created) await recordAssetCreated(tx, orgId, asset, scan.requester, scan.origin);
  const imported = scan.source === 'import';
  const requester = requesterColumns(scan.requester);
  const created = await tx.query<ScanRow>(
    `INSERT INTO scans (org_id, asset_id, image, scanners, source, state, requested_by, requested_by_api_key_id, requested_by_workload_id, platform, started_at)
     VALUES ($1, $2, $3, $4::text[], $5, $6, $7, $8, $9, $10, CASE WHEN $6 = 'running' THEN clock_timestamp() END)
     RETURNING ${scanColumns}`,
    [
      orgId,
      asset.id,
      scan.reference.canonical,
      scan.scanners,
      scan.source,
      imported ? 'running' : 'queued',
      requester.userId,
      requester.apiKeyId,
      requester.workloadId,
      scan.platform ?? null,
    ],
  );
  const row = created.rows[0]!;
  if (!imported) await enqueueJob(tx, orgId, SCAN_JOB_KIND, { scan_id: row.id }, { maxAttempts: 3 });
  return row;
}

export async function getScan(q: Queryable, orgId: OrgId, scanId: string): Promise<ScanRow> {
  const found = await q.query<ScanRow>(`SELECT ${scanColumns} FROM scans WHERE org_id = $1 AND id = $2`, [orgId, scanId], { prepared: true });
  const row = found.rows[0];
  if (!row) throw notFound();
  return row;
}

/** Newest first; an asset_id filter naming another organization's asset simply matches nothing. */
export async function listScansPage(q: Queryable, codec: CursorCodec, orgId: OrgId, query: { limit?: unknown; cursor?: unknown; asset_id?: unknown }) {
  const request = parsePageRequest(query, { orders: ['newest'], defaultOrder: 'newest' });
  const assetId = typeof query.asset_id === 'string' ? query.asset_id : null;
  return readTablePage<ScanRow & KeysetRow, Scan>({
    q,
    codec,
    orgId,
    listing: 'scans',
    filters: { asset_id: assetId },
    request,
    order: newestFirst,
    from: 'scans',
    columns: scanColumns,
    where: 'org_id = $1 AND ($2::uuid IS NULL OR asset_id = $2::uuid)',
    params: [orgId, assetId],
    toItem: toScanView,
  });
}
