// The built-in scanner: pulls the image over the OCI distribution
// protocol, reads its inventory from the files it holds, and matches the packages
// against the OSV advisory data the service keeps. It answers like the Trivy adapter
// (observations, licences, warnings, the kinds it covered), so everything downstream
// is the same whichever scanner ran.
//
//   pull (only the files analyzers want) ─► inventory ─► advisories per ecosystem ─► observations
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import type { ObservationKind } from '../../findings/index.js';
import type { Logger } from '../../platform/logger.js';
import { replaceUnstorableText } from '../../platform/storable-text.js';
import { DEFAULT_PLATFORM, ImagePullError, type ImagePuller } from '../image-pull/image-pull.js';
import type { InventoryAnalyzer } from '../inventory/inventory.js';
import { inventorySelector, readInventory } from '../inventory/read-inventory.js';
import { inventoryOfImage } from '../sbom/asset-inventory.js';
import type { ScannerAdapter } from '../scanners.js';
import { matchInventory, type AdvisoryData } from './match-inventory.js';

export const SENTINEL_SCANNER = 'sentinel';

/** The kinds the built-in scanner looks for; secrets and misconfigurations are not read yet. */
const COVERED_KINDS: readonly ObservationKind[] = ['vulnerability'];

interface SentinelScannerDeps {
  puller: ImagePuller;
  /** Ready once (the rpm analyzer compiles its SQLite WebAssembly module first). */
  analyzers: Promise<readonly InventoryAnalyzer[]>;
  advisories: AdvisoryData;
  /** One line per scan: how long each step took and what it found (the benchmark reads it too). */
  logger: Logger;
}

/**
 * Names what a pull keeps of a layer for the analyzers: a digest of the sources that decide it
 * (every analyzer, and the layer reader that makes a layer's extract). Any change to them names a
 * new selector, so the layer cache never applies an extract an older build kept: it reads the layer again.
 */
function selectorIdOf(): string {
  const hash = createHash('sha256');
  const inventory = new URL('../inventory/', import.meta.url);
  const sources = readdirSync(inventory)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .sort()
    .map((name) => new URL(name, inventory));
  for (const source of [...sources, new URL('../image-pull/layer-reader.ts', import.meta.url)]) hash.update(readFileSync(source));
  return `inventory-${hash.digest('hex').slice(0, 16)}`;
}

export function createSentinelScanner(deps: SentinelScannerDeps): ScannerAdapter {
  const selectorId = selectorIdOf();
  const ready = deps.analyzers.then((analyzers) => ({ analyzers, select: inventorySelector(analyzers) }));
  return {
    name: SENTINEL_SCANNER,
    async scan({ orgId, reference, kinds, platform, signal, login }) {
      const { registry, repository, tag, digest } = reference;
      const { analyzers, select } = await ready;
      try {
        const started = performance.now();
        const pulled = await deps.puller.pull({
          orgId,
          registry,
          repository,
          reference: digest ?? tag ?? 'latest',
          ...(login === undefined ? {} : { login }),
          platform: platform ?? DEFAULT_PLATFORM,
          select,
          selectorId,
          signal,
        });
        const pulledAt = performance.now();
        const inventory = readInventory(pulled.files, analyzers);
        const inventoriedAt = performance.now();
        const matched = await matchInventory(inventory, deps.advisories);
        const matchedAt = performance.now();
        deps.logger.info(
          {
            org_id: orgId,
            image: reference.canonical,
            layers: pulled.layers.length,
            layers_cached: pulled.layers.filter((layer) => layer.cached).length,
            packages: inventory.packages.length,
            observations: matched.observations.length,
            pull_ms: Math.round(pulledAt - started),
            inventory_ms: Math.round(inventoriedAt - pulledAt),
            matching_ms: Math.round(matchedAt - inventoriedAt),
          },
          'built-in scan read the image',
        );
        const skipped = [...pulled.warnings.map((message) => ({ analyzer: 'pull', message })), ...inventory.warnings];
        return {
          scanner: SENTINEL_SCANNER,
          observations: kinds.includes('vulnerability') ? matched.observations : [],
          licences: matched.licences,
          // Without advisory data for one of its ecosystems, the scan cannot tell that a vulnerability is gone.
          coveredKinds: COVERED_KINDS.filter((kind) => kind !== 'vulnerability' || matched.complete),
          warnings: [
            ...matched.warnings,
            ...skipped.map((warning) => ({ code: 'entry_skipped' as const, where: warning.analyzer, count: 1, message: storable(warning.message) })),
          ],
          advisoryData: matched.advisoryData,
          inventory: inventoryOfImage(SENTINEL_SCANNER, inventory.os, inventory.packages),
        };
      } catch (error) {
        if (error instanceof ImagePullError) return { scanner: SENTINEL_SCANNER, failure: storable(`${error.failure}: ${error.message}`) };
        if (signal.aborted) return { scanner: SENTINEL_SCANNER, failure: 'the scan was stopped' };
        throw error;
      }
    },
  };
}

const storable = (text: string): string => replaceUnstorableText(text.slice(0, 500)).text;
