// What the language analyzers share: one way to build a package (its purl from
// packageurl-js, its install path as Trivy writes PkgPath) and one way to walk the kept
// files, so every analyzer reports the same spelling and none reads past its bounds.
import { PackageURL } from 'packageurl-js';
import type { ImageFileSet } from '../image-pull/image-files.js';
import type { InventoryPackage, InventoryWarning } from './inventory.js';

/** The language ecosystems: our (Trivy's purl-type) spelling, OSV's, and the purl type. */
export const LANGUAGE_ECOSYSTEMS = {
  npm: { ecosystem: 'npm', osvEcosystem: 'npm' },
  pypi: { ecosystem: 'pypi', osvEcosystem: 'PyPI' },
  golang: { ecosystem: 'golang', osvEcosystem: 'Go' },
  maven: { ecosystem: 'maven', osvEcosystem: 'Maven' },
  gem: { ecosystem: 'gem', osvEcosystem: 'RubyGems' },
  cargo: { ecosystem: 'cargo', osvEcosystem: 'crates.io' },
  composer: { ecosystem: 'composer', osvEcosystem: 'Packagist' },
} as const;

type LanguageEcosystem = keyof typeof LANGUAGE_ECOSYSTEMS;

/** Names and versions longer than this are not a package's (a hostile file's, or a broken one's). */
const MAX_FIELD_LENGTH = 512;
const MAX_LICENCES = 32;

interface LanguagePackageFields {
  ecosystem: LanguageEcosystem;
  /** The name as the ecosystem writes it (group:artifact for Maven, the module path for Go). */
  name: string;
  version: string;
  /** The purl's namespace and name when they are not the name itself (npm scopes, Maven groups, Go module paths, Composer vendors). */
  purlNamespace?: string;
  purlName?: string;
  /** The absolute image path the package was read from. */
  recordedAt: string;
  licences?: readonly string[];
}

/** The package, or a reason it is not one (an empty or overlong name or version, a purl the spec refuses). */
export function languagePackage(fields: LanguagePackageFields): InventoryPackage | string {
  const name = fields.name.trim();
  const version = fields.version.trim();
  if (name === '' || version === '') return 'it has no name or no version';
  if (name.length > MAX_FIELD_LENGTH || version.length > MAX_FIELD_LENGTH) return 'its name or version is longer than a package name or version can be';
  const { ecosystem, osvEcosystem } = LANGUAGE_ECOSYSTEMS[fields.ecosystem];
  let purl: string;
  try {
    purl = new PackageURL(ecosystem, fields.purlNamespace ?? null, fields.purlName ?? name, version, null, null).toString();
  } catch (error) {
    return `its package URL cannot be built (${(error as Error).message})`;
  }
  const licences = [...new Set((fields.licences ?? []).map((licence) => licence.trim()).filter((licence) => licence !== '' && licence.length <= MAX_FIELD_LENGTH))].slice(0, MAX_LICENCES);
  return { ecosystem, osvEcosystem, name, version, purl, installPath: installPathOf(fields.recordedAt), licences };
}

/** An absolute image path as Trivy writes PkgPath: no leading slash. */
const installPathOf = (imagePath: string): string => imagePath.replace(/^\/+/, '');

/** The last path segment. */
export const baseName = (imagePath: string): string => imagePath.slice(imagePath.lastIndexOf('/') + 1);

/** Collects an analyzer's packages and warnings, dropping exact repeats (one file read twice through a link). */
export class AnalyzerOutput {
  readonly packages: InventoryPackage[] = [];
  readonly warnings: InventoryWarning[] = [];
  private readonly seen = new Set<string>();

  constructor(private readonly analyzer: string) {}

  add(pkg: InventoryPackage): void {
    const key = `${pkg.purl}\u0000${pkg.installPath ?? ''}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.packages.push(pkg);
  }

  /** Adds the package, or warns with `what` and the reason it is not one. */
  addOrWarn(result: InventoryPackage | string, what: string): void {
    if (typeof result === 'string') this.warn(`${what} was skipped: ${result}`);
    else this.add(result);
  }

  warn(message: string): void {
    this.warnings.push({ analyzer: this.analyzer, message });
  }

  result(): { packages: InventoryPackage[]; warnings: InventoryWarning[] } {
    return { packages: this.packages, warnings: this.warnings };
  }
}

/** The kept regular files whose path `matches`, in path order, with their content. */
export function* keptFiles(files: ImageFileSet, matches: (imagePath: string) => boolean): Generator<{ imagePath: string; content: Buffer }> {
  for (const imagePath of files.paths()) {
    if (!matches(imagePath)) continue;
    const entry = files.get(imagePath);
    if (entry?.kind === 'file') yield { imagePath, content: entry.content };
  }
}

/** Parses JSON text, or answers the parser's complaint. */
export function parseJson(content: Buffer): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(content.toString('utf8')) as unknown };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export const stringOf = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
