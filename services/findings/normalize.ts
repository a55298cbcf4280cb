// Translation of each scanner's vocabulary into ours: severity, fixability,
// ecosystem names and install paths. Pure functions; the report parsers call them.
import type { Fixability, Severity } from './observation.js';

// Every spelling scanners use, lower-cased. Anything else is unknown.
const severityWords: Record<string, Severity> = {
  critical: 'critical',
  high: 'high',
  important: 'high', // Red Hat
  medium: 'medium',
  moderate: 'medium', // GitHub, Red Hat
  low: 'low',
  // Grype and Debian put "negligible"/"unimportant" below low; that is our none.
  negligible: 'none',
  unimportant: 'none',
  none: 'none',
  info: 'none',
  informational: 'none',
};

/**
 * A scanner's severity word in any case (CRITICAL, High, moderate, negligible…).
 * Missing or unrecognized words are unknown, never low: an unknown severity must
 * not slip under a policy threshold.
 */
export function normalizeSeverity(word: string | null | undefined): Severity {
  if (!word) return 'unknown';
  return severityWords[word.trim().toLowerCase()] ?? 'unknown';
}

/** CVSS v3 qualitative rating of a base score (also SARIF's security-severity). */
export function severityFromScore(score: number | null | undefined): Severity {
  if (score === null || score === undefined || !Number.isFinite(score) || score < 0 || score > 10) return 'unknown';
  if (score >= 9) return 'critical';
  if (score >= 7) return 'high';
  if (score >= 4) return 'medium';
  if (score > 0) return 'low';
  return 'none';
}

/**
 * SARIF result level. An absent level is unknown: SARIF's implicit default
 * ("warning") is a formatting default, not the producer's judgement.
 */
export function severityFromSarifLevel(level: string | null | undefined): Severity {
  switch (level) {
    case 'error':
      return 'high';
    case 'warning':
      return 'medium';
    case 'note':
      return 'low';
    case 'none':
      return 'none';
    default:
      return 'unknown';
  }
}

/**
 * fixable exactly when a fixed version is recorded (spec 2.5). Everything else is
 * unknown, including a scanner's "won't fix", "not fixed", "end of life" or
 * "affected": those are a distributor's current triage of one package stream, not
 * proof that no fix exists (a newer release or another source may carry it), and
 * policies treat unfixable as a reason not to block. The spec reserves unfixable
 * for a positive assertion and says it is currently never produced; the raw status
 * stays in detail.scanner_status for when that changes. Secrets and
 * misconfigurations have no fixed version, so they are unknown too: a check's
 * resolution text is advice, not a recorded fix.
 */
export function fixabilityFromFixedVersion(fixedVersion: string | null | undefined): Fixability {
  return fixedVersion && fixedVersion.trim() !== '' ? 'fixable' : 'unknown';
}

// Trivy's OS family names are the vocabulary; other spellings of the same
// family (Grype's distro ids, purl namespaces) map onto them.
const osFamilyAliases: Record<string, string> = {
  rhel: 'redhat',
  almalinux: 'alma',
  amzn: 'amazon',
  amazonlinux: 'amazon',
  ol: 'oracle',
  oraclelinux: 'oracle',
  mariner: 'cbl-mariner',
  sles: 'suse linux enterprise server',
  'opensuse-leap': 'opensuse.leap',
  'opensuse-tumbleweed': 'opensuse.tumbleweed',
};

/** The ecosystem of an OS package: its distribution family, lower-cased. */
export function osFamily(name: string): string {
  const lowered = name.trim().toLowerCase();
  return osFamilyAliases[lowered] ?? lowered;
}

// Language ecosystems are named by their purl type, so reports of the same
// package by different scanners (and different lockfile formats) agree.
const trivyLanguageTypes: Record<string, string> = {
  npm: 'npm',
  yarn: 'npm',
  pnpm: 'npm',
  bun: 'npm',
  'node-pkg': 'npm',
  pip: 'pypi',
  pipenv: 'pypi',
  poetry: 'pypi',
  uv: 'pypi',
  'python-pkg': 'pypi',
  jar: 'maven',
  pom: 'maven',
  gradle: 'maven',
  sbt: 'maven',
  gemspec: 'gem',
  bundler: 'gem',
  gomod: 'golang',
  gobinary: 'golang',
  cargo: 'cargo',
  rustbinary: 'cargo',
  nuget: 'nuget',
  'dotnet-core': 'nuget',
  'packages-props': 'nuget',
  composer: 'composer',
  'composer-vendor': 'composer',
  conan: 'conan',
  cocoapods: 'cocoapods',
  swift: 'swift',
  pub: 'pub',
  hex: 'hex',
  'conda-pkg': 'conda',
  'conda-environment': 'conda',
  julia: 'julia',
};

const grypeLanguageTypes: Record<string, string> = {
  npm: 'npm',
  python: 'pypi',
  'java-archive': 'maven',
  'jenkins-plugin': 'maven',
  gem: 'gem',
  'go-module': 'golang',
  'rust-crate': 'cargo',
  dotnet: 'nuget',
  'php-composer': 'composer',
  conan: 'conan',
  pod: 'cocoapods',
  swift: 'swift',
  'dart-pub': 'pub',
  hex: 'hex',
  conda: 'conda',
};

/** Grype artifact types of OS packages; their ecosystem is the distribution family. */
export const grypeOsPackageTypes = new Set(['apk', 'deb', 'rpm', 'alpm', 'portage']);

/** Ecosystem of a Trivy lang-pkgs result from its Type; unmapped types pass through lower-cased. */
export function languageEcosystemFromTrivyType(type: string): string {
  const lowered = type.trim().toLowerCase();
  return trivyLanguageTypes[lowered] ?? lowered;
}

/** Ecosystem of a Grype language artifact from its type; unmapped types pass through lower-cased. */
export function languageEcosystemFromGrypeType(type: string): string {
  const lowered = type.trim().toLowerCase();
  return grypeLanguageTypes[lowered] ?? lowered;
}

/**
 * One spelling per path inside an image: no leading "/" or "./", no doubled
 * slashes, and Grype's "outer.war:inner.jar" nesting written as Trivy writes it
 * ("outer.war/inner.jar"). Paths stay case-sensitive, as on the file system.
 */
export function normalizeInstallPath(path: string | null | undefined): string | null {
  if (!path) return null;
  const normalized = path
    .trim()
    .replace(/\.(jar|war|ear|par|sar|jpi|hpi|zip):/gi, '.$1/')
    .replace(/\/{2,}/g, '/')
    .replace(/^(?:\.?\/)+/, '');
  return normalized === '' ? null : normalized;
}
