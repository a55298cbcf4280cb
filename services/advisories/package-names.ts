// How a package name is keyed, the same when a record is stored and when the scanner
// asks: an inventory reads names as the installed metadata spells them ("Jinja2",
// "PyYAML", "serde_json"), an OSV record as the registry publishes them. Only
// ecosystems whose registry itself treats two spellings as one package are folded;
// everywhere else (npm, Go module paths, Maven coordinates, RubyGems, Debian, Alpine)
// the name is kept as it is, since folding there would join distinct packages.

/** "Debian:12" -> "Debian", "Ubuntu:Pro:18.04:LTS" -> "Ubuntu": the directory OSV exports the record under. */
export const baseEcosystem = (ecosystem: string): string => {
  const colon = ecosystem.indexOf(':');
  return colon === -1 ? ecosystem : ecosystem.slice(0, colon);
};

/**
 * The lookup key of a package name in a base ecosystem:
 * - PyPI: PEP 503 normalization (lower case, each run of "-", "_" and "." becomes "-");
 * - crates.io: lower case with "_" as "-" (crates.io refuses a crate differing from another only so);
 * - Packagist, NuGet: lower case (both registries compare names case-insensitively);
 * - every other ecosystem: unchanged.
 */
export function normalizePackageName(osvEcosystemBase: string, name: string): string {
  switch (osvEcosystemBase) {
    case 'PyPI':
      return name.toLowerCase().replace(/[-_.]+/g, '-');
    case 'crates.io':
      return name.toLowerCase().replace(/_/g, '-');
    case 'Packagist':
    case 'NuGet':
      return name.toLowerCase();
    default:
      return name;
  }
}
