// The built-in scanner (issue 34 item 1): pulls the image over the OCI distribution
// protocol, reads its inventory from the files it holds, and matches the packages
// against the OSV advisory data the service keeps. It answers like the Trivy adapter
// (observations, licences, warnings, the kinds it covered), so everything downstream
// is the same whichever scanner ran.
//
//   pull (only the files analyzers want) ─► inventory ─► advisories per ecosystem ─► observations
import type { ObservationKind } from '../../findings/index.js';
import { replaceUnstorableText } from '../../platform/storable-text.js';
import { DEFAULT_PLATFORM, ImagePullError, type ImagePuller } from '../image-pull/image-pull.js';
import type { InventoryAnalyzer } from '../inventory/inventory.js';
import { inventorySelector, readInventory } from '../inventory/read-inventory.js';
import type { ScannerAdapter } from '../scanners.js';
import { matchInventory, type AdvisoryData } from './match-inventory.js';

export const SENTINEL_SCANNER = 'sentinel';

/** The kinds the built-in scanner looks for; secrets and misconfigurations are not read yet. */
const COVERED_KINDS: readonly ObservationKind[] = ['vulnerability'];

export interface SentinelScannerDeps {
  puller: ImagePuller;
  /** Ready once (the rpm analyzer compiles its SQLite WebAssembly module first). */
  analyzers: Promise<readonly InventoryAnalyzer[]>;
  advisories: AdvisoryData;
}

export function createSentinelScanner(deps: SentinelScannerDeps): ScannerAdapter {
  const ready = deps.analyzers.then((analyzers) => ({ analyzers, select: inventorySelector(analyzers) }));
  return {
    name: SENTINEL_SCANNER,
    async scan({ orgId, reference, kinds, platform, signal, login }) {
      const { registry, repository, tag, digest } = reference;
      const { analyzers, select } = await ready;
      try {
        const pulled = await deps.puller.pull({
          orgId,
          registry,
          repository,
          reference: digest ?? tag ?? 'latest',
          ...(login === undefined ? {} : { login }),
          platform: platform ?? DEFAULT_PLATFORM,
          select,
          signal,
        });
        const inventory = readInventory(pulled.files, analyzers);
        const matched = await matchInventory(inventory, deps.advisories);
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
