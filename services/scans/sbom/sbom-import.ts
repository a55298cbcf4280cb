// An imported SBOM as scanner outcomes: its components become the
// asset's inventory and are matched by the built-in matcher against the advisory data,
// exactly as a built-in scan's packages are, so the scan completes like one (resolution
// by absence when every ecosystem had advisory data). A CycloneDX vulnerability section
// is a second outcome under the document's format name, covering nothing: what a
// document's producer found is recorded, its absence resolves nothing.
import type { DeclaredInventory, LicenceRecord, ParsedReport } from '../../findings/index.js';
import { normalizeInstallPath } from '../../findings/index.js';
import type { ScannerOutcome } from '../scan-results.js';
import { matchInventory, type AdvisoryData } from '../sentinel-scanner/match-inventory.js';
import { SENTINEL_SCANNER } from '../sentinel-scanner/sentinel-scanner.js';
import type { AssetInventory } from './asset-inventory.js';
import { inventoryOfDeclared } from './declared-inventory.js';

export async function sbomOutcomes(report: ParsedReport, declared: DeclaredInventory, advisories: AdvisoryData): Promise<ScannerOutcome[]> {
  const { inventory, packages, warnings, observations } = inventoryOfDeclared(declared);
  const matched = await matchInventory({ os: null, packages, warnings: [] }, advisories);
  const outcomes: ScannerOutcome[] = [
    {
      scanner: SENTINEL_SCANNER,
      observations: matched.observations,
      licences: licencesOf(inventory),
      coveredKinds: matched.complete ? ['vulnerability'] : [],
      warnings: [...report.warnings, ...warnings, ...matched.warnings],
      advisoryData: matched.advisoryData,
      inventory,
    },
  ];
  if (observations.length > 0) outcomes.push({ scanner: declared.format, observations, coveredKinds: [] });
  return outcomes;
}

/** Every component's licences, not only the matched ones': licence data is the whole inventory's. */
function licencesOf(inventory: AssetInventory): LicenceRecord[] {
  return inventory.components.flatMap((component) =>
    component.licences.map((licence) => ({ package: component.name, version: component.version, ecosystem: component.ecosystem, licence, path: normalizeInstallPath(component.installPath) })),
  );
}
