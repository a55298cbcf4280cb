// Continuous matching, second half: each re-match request (advisory-rematch topic, one
// organization's partition) matches its assets' stored inventories again with the built-in
// matcher and records each as a scan of source advisory_update, scanner sentinel, through
// the same recording path as every scan (recordScanResults): fingerprints, resolution by
// absence (a withdrawn advisory's findings resolve this way), timelines, verdicts and
// webhooks are those of any scan. The scan's cause names the changed advisories, and the
// timeline entries it writes carry it. A request is applied once (its id is claimed in
// the transaction that records its scans), so a redelivery after a crash records nothing twice.
import { baseEcosystem, normalizePackageName, readOsvRecord } from '../../advisories/index.js';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logger.js';
import { claimFirstDeliveries } from '../../../streams/consumed-events.js';
import type { ConsumedRecord, SubscribeOptions } from '../../../streams/log/stream-log.js';
import { topics } from '../../../streams/topics.js';
import { tenantOfRecord } from '../../../streams/record-tenant.js';
import { systemScope } from '../../platform/tenancy.js';
import type { InventoryPackage } from '../inventory/inventory.js';
import { readAssetInventories } from '../sbom/asset-inventory.js';
import { recordScanResults, type ScannerOutcome } from '../scan-results.js';
import { enabledKinds } from '../scanner-settings.js';
import type { ScanCause } from '../scans.js';
import { matchInventory, type AdvisoryData } from '../sentinel-scanner/match-inventory.js';
import { SENTINEL_SCANNER } from '../sentinel-scanner/sentinel-scanner.js';
import type { AdvisoryRematchRecord } from '../workers/rematch-planner.js';

const REMATCH_PROCESSOR_GROUP = 'advisory-rematch';

interface RematchTarget {
  assetId: string;
  /** The asset's identity (assets.reference), the fingerprint's asset part. */
  assetKey: string;
  /** The scan that recorded the inventory: the re-match scans the same image on the same platform. */
  image: string;
  platform: string | null;
  packages: InventoryPackage[];
  cause: ScanCause;
}

export function rematchProcessor(deps: { db: Database; logger: Logger; advisories: AdvisoryData; now?: () => Date }): SubscribeOptions<AdvisoryRematchRecord> {
  const consuming = systemScope('consume-stream-records');
  const now = deps.now ?? (() => new Date());

  async function rematch(record: ConsumedRecord<AdvisoryRematchRecord>): Promise<void> {
    const request = record.value;
    const orgId = tenantOfRecord(consuming, record, request.org_id);
    const consumed = await deps.db.query('SELECT 1 FROM consumed_events WHERE consumer_group = $1 AND event_id = $2', [REMATCH_PROCESSOR_GROUP, request.request_id]);
    if (consumed.rows.length > 0) return;

    const targets = await readTargets(deps.db, orgId, request.assets);
    // Reads and matching outside the transaction; one advisory lookup per ecosystem for all the request's assets.
    const advisories = prefetchedAdvisories(deps.advisories);
    await advisories.prefetch(targets.flatMap((target) => target.packages));
    const matched = await Promise.all(targets.map(async (target) => ({ target, matches: await matchInventory({ os: null, packages: target.packages, warnings: [] }, advisories) })));

    const applied = await deps.db.transaction(async (tx) => {
      if ((await claimFirstDeliveries(tx, REMATCH_PROCESSOR_GROUP, [request.request_id])).size === 0) return false;
      const kinds = await enabledKinds(tx, orgId);
      for (const { target, matches } of matched) {
        const scanId = await createRematchScan(tx, orgId, target);
        const outcome: ScannerOutcome = {
          scanner: SENTINEL_SCANNER,
          observations: kinds.includes('vulnerability') ? matches.observations : [],
          coveredKinds: matches.complete ? ['vulnerability'] : [],
          warnings: matches.warnings,
          advisoryData: matches.advisoryData,
        };
        await recordScanResults(tx, { orgId, scanId, assetId: target.assetId, assetKey: target.assetKey, enabledKinds: kinds, keepsInventory: true }, [outcome], now());
      }
      return true;
    });
    if (applied) deps.logger.info({ org_id: orgId, request_id: request.request_id, assets: targets.length }, 'assets matched again after advisory changes');
  }

  return {
    group: REMATCH_PROCESSOR_GROUP,
    topic: topics.advisoryRematch,
    // A request is up to 50 assets' matching and scans: a few requests a batch keep batches short.
    maxBatchSize: 4,
    partitionsAtOnce: 2,
    handle: async (batch) => {
      for (const record of batch) await rematch(record);
    },
  };
}

/**
 * The requested assets still holding an inventory and not archived since the request,
 * with what matching them needs. An asset gone or archived is simply left out.
 */
async function readTargets(q: Queryable, orgId: OrgId, requested: AdvisoryRematchRecord['assets']): Promise<RematchTarget[]> {
  const found = await q.query<{ asset_id: string; reference: string; image: string; platform: string | null }>(
    `SELECT a.id AS asset_id, a.reference, s.image, s.platform
       FROM assets a
       JOIN asset_inventories i ON i.org_id = a.org_id AND i.asset_id = a.id
       JOIN scans s ON s.org_id = i.org_id AND s.id = i.scan_id
      WHERE a.org_id = $1 AND a.id = ANY ($2::uuid[]) AND a.archived_at IS NULL`,
    [orgId, requested.map((asset) => asset.asset_id)],
  );
  const causes = new Map(requested.map((asset) => [asset.asset_id, asset.advisories]));
  const inventories = await readAssetInventories(q, orgId, found.rows.map((row) => row.asset_id));
  const targets: RematchTarget[] = [];
  for (const row of found.rows) {
    const inventory = inventories.get(row.asset_id);
    if (inventory === undefined) continue;
    const packages = inventory.components.flatMap((component): InventoryPackage[] =>
      component.osvEcosystem === null || component.ecosystem === null || component.version === null
        ? []
        : [
            {
              ecosystem: component.ecosystem,
              osvEcosystem: component.osvEcosystem,
              name: component.name,
              version: component.version,
              ...(component.source === null ? {} : { source: component.source }),
              purl: component.purl ?? '',
              installPath: component.installPath,
              licences: component.licences,
            },
          ],
    );
    targets.push({
      assetId: row.asset_id,
      assetKey: row.reference,
      image: row.image,
      platform: row.platform,
      packages,
      cause: { trigger: 'advisory_update', advisories: causes.get(row.asset_id) ?? [] },
    });
  }
  return targets;
}

/** A scan of the stored inventory, running from the start: its results are in hand, as an import's are. */
async function createRematchScan(tx: Queryable, orgId: OrgId, target: RematchTarget): Promise<string> {
  const created = await tx.query<{ id: string }>(
    `INSERT INTO scans (org_id, asset_id, image, scanners, source, state, platform, cause, started_at)
     VALUES ($1, $2, $3, $4::text[], 'advisory_update', 'running', $5, $6::jsonb, clock_timestamp())
     RETURNING id`,
    [orgId, target.assetId, target.image, [SENTINEL_SCANNER], target.platform, JSON.stringify(target.cause)],
  );
  return created.rows[0]!.id;
}

/**
 * The advisory data with every record naming the request's packages read once per
 * ecosystem, then answered from memory for each asset: the same records the store would
 * answer (matchInventory looks each package up only among the records naming it).
 */
function prefetchedAdvisories(source: AdvisoryData): AdvisoryData & { prefetch(packages: readonly InventoryPackage[]): Promise<void> } {
  const byEcosystem = new Map<string, Map<string, unknown[]>>();
  let held: Awaited<ReturnType<AdvisoryData['held']>> = new Map();
  return {
    async prefetch(packages) {
      const names = new Map<string, Set<string>>();
      for (const pkg of packages) {
        const ecosystem = baseEcosystem(pkg.osvEcosystem!);
        const set = names.get(ecosystem) ?? new Set<string>();
        set.add(pkg.source?.name ?? pkg.name);
        names.set(ecosystem, set);
      }
      held = await source.held([...names.keys()]);
      for (const [ecosystem, set] of names) {
        if (!held.has(ecosystem)) continue;
        const byName = new Map<string, unknown[]>();
        for (const raw of await source.advisoriesFor(ecosystem, [...set])) {
          const record = readOsvRecord(raw);
          if ('error' in record) continue;
          for (const name of new Set((record.affected ?? []).flatMap((affected) => (affected.package ? [normalizePackageName(ecosystem, affected.package.name)] : [])))) {
            byName.set(name, [...(byName.get(name) ?? []), raw]);
          }
        }
        byEcosystem.set(ecosystem, byName);
      }
    },
    async advisoriesFor(ecosystem, names) {
      const byName = byEcosystem.get(ecosystem);
      const records = new Set<unknown>();
      for (const name of names) for (const record of byName?.get(normalizePackageName(ecosystem, name)) ?? []) records.add(record);
      return [...records];
    },
    held: async (ecosystems) => new Map([...held].filter(([ecosystem]) => ecosystems.includes(ecosystem))),
  };
}
