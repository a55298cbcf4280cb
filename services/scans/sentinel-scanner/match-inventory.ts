// Matches an image's inventory against OSV advisories. Distribution advisories name the
// source package (dpkg Source:, apk origin, the source RPM) and its version, so OS
// packages are looked up and compared by source, as Trivy does; language packages by
// their own name and version. Each matched advisory gives one observation per
// identifier (the identifier rule is describeAdvisory's), on the installed package.
import { baseEcosystem, describeAdvisory, matchRecord, normalizePackageName, readOsvRecord, type OsvAffected, type OsvRecord } from '../../advisories/index.js';
import { emptyDetail, normalizeInstallPath, type LicenceRecord, type Observation, type ReportWarning } from '../../findings/index.js';
import type { AdvisoryDataUsed } from '../scan-results.js';
import type { InventoryPackage } from '../inventory/inventory.js';
import type { Inventory } from '../inventory/read-inventory.js';

/** The advisory data the service keeps (the advisories capability's store, wired by the composition root). */
export interface AdvisoryData {
  /** The records naming any of the packages, in an OSV ecosystem without its release (Debian, npm, PyPI). */
  advisoriesFor(ecosystem: string, names: readonly string[]): Promise<unknown[]>;
  /** Per OSV ecosystem without release: the records held and the newest modification among them; absent when none. */
  held(ecosystems: readonly string[]): Promise<ReadonlyMap<string, { records: number; lastModified: string | null }>>;
}

interface InventoryMatches {
  observations: Observation[];
  licences: LicenceRecord[];
  warnings: ReportWarning[];
  advisoryData: AdvisoryDataUsed[];
  /** Every matchable package's ecosystem had advisory data: the absence of a vulnerability is evidence. */
  complete: boolean;
}

/** What distribution advisories name: the source package and version when the package has one. */
const advisoryIdentity = (pkg: InventoryPackage): { name: string; version: string } => pkg.source ?? { name: pkg.name, version: pkg.version };

export async function matchInventory(inventory: Inventory, source: AdvisoryData): Promise<InventoryMatches> {
  const matchable = inventory.packages.filter((pkg): pkg is InventoryPackage & { osvEcosystem: string } => pkg.osvEcosystem !== null);
  const unmatchable = inventory.packages.length - matchable.length;
  const byEcosystem = new Map<string, (InventoryPackage & { osvEcosystem: string })[]>();
  for (const pkg of matchable) {
    const ecosystem = baseEcosystem(pkg.osvEcosystem);
    const packages = byEcosystem.get(ecosystem);
    if (packages === undefined) byEcosystem.set(ecosystem, [pkg]);
    else packages.push(pkg);
  }
  const ecosystems = [...byEcosystem.keys()].sort();
  const held = await source.held(ecosystems);
  const warnings: ReportWarning[] = [];
  const observations: Observation[] = [];
  let unreadable = 0;
  const notComparable = new Set<InventoryPackage>();
  for (const ecosystem of ecosystems) {
    const packages = byEcosystem.get(ecosystem)!;
    if (!held.has(ecosystem)) {
      warnings.push({
        code: 'no_advisory_data',
        where: ecosystem,
        count: packages.length,
        message: `${packages.length} ${ecosystem} packages were not matched: the service holds no ${ecosystem} advisory data (sentinel advisories sync loads it); no vulnerability is resolved by this scan`,
      });
      continue;
    }
    const records = await source.advisoriesFor(ecosystem, [...new Set(packages.map((pkg) => advisoryIdentity(pkg).name))]);
    // Each package is tried only against the records naming it, not every record of the ecosystem.
    const byName = new Map<string, OsvRecord[]>();
    for (const raw of records) {
      const record = readOsvRecord(raw);
      if ('error' in record) {
        unreadable += 1;
        continue;
      }
      const names = new Set((record.affected ?? []).flatMap((affected) => (affected.package ? [normalizePackageName(ecosystem, affected.package.name)] : [])));
      for (const name of names) byName.set(name, [...(byName.get(name) ?? []), record]);
    }
    for (const pkg of packages) {
      const identity = advisoryIdentity(pkg);
      for (const record of byName.get(normalizePackageName(ecosystem, identity.name)) ?? []) {
        const match = matchRecord(record, { osvEcosystem: pkg.osvEcosystem, name: identity.name, version: identity.version });
        if (match === null) continue;
        if (match.matchedBy === 'not_comparable') {
          notComparable.add(pkg);
          continue;
        }
        observations.push(...observationsOf(pkg, record, match.affected, match.fixedVersion));
      }
    }
  }
  if (unmatchable > 0) {
    warnings.push({
      code: 'package_not_matched',
      where: null,
      count: unmatchable,
      message: `${unmatchable} operating system packages were not matched: the image's distribution release could not be read (no /etc/os-release, or a release the advisory data does not name)`,
    });
  }
  if (notComparable.size > 0) {
    const examples = [...notComparable].slice(0, 5).map((pkg) => `${pkg.name} ${pkg.version}`);
    warnings.push({
      code: 'package_not_matched',
      where: null,
      count: notComparable.size,
      message: `${notComparable.size} packages named by advisories have a version their ecosystem's order cannot read (${examples.join(', ')}${notComparable.size > examples.length ? ', …' : ''}); they were not matched`,
    });
  }
  if (unreadable > 0) {
    warnings.push({ code: 'entry_skipped', where: null, count: unreadable, message: `${unreadable} stored advisory records could not be read and were not matched` });
  }
  return {
    observations,
    licences: inventory.packages.flatMap((pkg) => licencesOf(pkg)),
    warnings,
    advisoryData: ecosystems.map((ecosystem) => ({ ecosystem, records: held.get(ecosystem)?.records ?? 0, last_modified: held.get(ecosystem)?.lastModified ?? null })),
    complete: ecosystems.every((ecosystem) => held.has(ecosystem)),
  };
}

function observationsOf(pkg: InventoryPackage, record: OsvRecord, affected: OsvAffected, fixedVersion: string | null): Observation[] {
  const advisory = describeAdvisory(record, affected);
  return advisory.identifiers.map(
    (identifier): Observation => ({
      kind: 'vulnerability',
      identifier,
      severity: advisory.severity,
      // OSV says a fix exists by a fixed event; a matched range without one has none yet.
      fixability: fixedVersion === null ? 'unfixable' : 'fixable',
      component: { ecosystem: pkg.ecosystem, name: pkg.name, version: pkg.version },
      install_path: normalizeInstallPath(pkg.installPath),
      target: null,
      title: advisory.title,
      detail: {
        ...emptyDetail(),
        fixed_version: fixedVersion,
        installed_version: pkg.version,
        cvss_vector: advisory.cvssVector,
        cvss_score: advisory.cvssScore,
        published_at: advisory.publishedAt,
        modified_at: advisory.modifiedAt,
        scanner_status: fixedVersion === null ? 'affected' : 'fixed',
        aliases: [record.id, ...advisory.aliases].filter((alias, index, all) => alias !== identifier && all.indexOf(alias) === index),
        primary_url: advisory.primaryUrl,
      },
    }),
  );
}

function licencesOf(pkg: InventoryPackage): LicenceRecord[] {
  return pkg.licences.map((licence) => ({ package: pkg.name, version: pkg.version, ecosystem: pkg.ecosystem, licence, path: normalizeInstallPath(pkg.installPath) }));
}
