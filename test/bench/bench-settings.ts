// The sizes of every benchmark, read from the environment here and nowhere else.
// The targets are stated for the defaults; a smaller size (for a quick check that
// a benchmark works) prints its figures marked as scaled, never as the real thing.

interface Setting {
  variable: string;
  fallback: number;
}

const settings = {
  ingestOrganizations: { variable: 'BENCH_INGEST_ORGANIZATIONS', fallback: 20 },
  ingestAssets: { variable: 'BENCH_INGEST_ASSETS', fallback: 2_000 },
  ingestFindingsPerAsset: { variable: 'BENCH_INGEST_FINDINGS_PER_ASSET', fallback: 100 },
  // Findings of another organization in the table before the growth run.
  ingestGrowthFindings: { variable: 'BENCH_INGEST_GROWTH_FINDINGS', fallback: 10_000_000 },
  listingFindings: { variable: 'BENCH_LISTING_FINDINGS', fallback: 1_000_000 },
  listingRequests: { variable: 'BENCH_LISTING_REQUESTS', fallback: 3_000 },
  // The small tenant the large one's cost growth is measured against.
  listingSmallFindings: { variable: 'BENCH_LISTING_SMALL_FINDINGS', fallback: 10_000 },
  inboxFindings: { variable: 'BENCH_INBOX_FINDINGS', fallback: 1_000_000 },
  inboxRuns: { variable: 'BENCH_INBOX_RUNS', fallback: 5 },
  verdictFindings: { variable: 'BENCH_VERDICT_FINDINGS', fallback: 10_000 },
  verdictRequests: { variable: 'BENCH_VERDICT_REQUESTS', fallback: 300 },
  // The larger scans the verdict's cost growth is measured on.
  verdictLargeFindings: { variable: 'BENCH_VERDICT_LARGE_FINDINGS', fallback: 100_000 },
  webhookDeliveries: { variable: 'BENCH_WEBHOOK_DELIVERIES', fallback: 20_000 },
  analyticsFindings: { variable: 'BENCH_ANALYTICS_FINDINGS', fallback: 1_000_000 },
  analyticsAssets: { variable: 'BENCH_ANALYTICS_ASSETS', fallback: 10_000 },
  analyticsRequests: { variable: 'BENCH_ANALYTICS_REQUESTS', fallback: 400 },
  stallImports: { variable: 'BENCH_STALL_IMPORTS', fallback: 16 },
  stallEntries: { variable: 'BENCH_STALL_ENTRIES', fallback: 1_500 },
  sbomComponents: { variable: 'BENCH_SBOM_COMPONENTS', fallback: 5_000 },
  matchingAssets: { variable: 'BENCH_MATCHING_ASSETS', fallback: 100_000 },
  matchingAffected: { variable: 'BENCH_MATCHING_AFFECTED', fallback: 1_000 },
  scannerOsPackages: { variable: 'BENCH_SCANNER_OS_PACKAGES', fallback: 500 },
  scannerLanguagePackages: { variable: 'BENCH_SCANNER_LANGUAGE_PACKAGES', fallback: 2_000 },
  // The sizes of OSV's sets (approximately, late 2026): npm's is mostly malicious-package reports.
  scannerAdvisoriesNpm: { variable: 'BENCH_SCANNER_ADVISORIES_NPM', fallback: 215_000 },
  scannerAdvisoriesPypi: { variable: 'BENCH_SCANNER_ADVISORIES_PYPI', fallback: 17_000 },
  scannerAdvisoriesGo: { variable: 'BENCH_SCANNER_ADVISORIES_GO', fallback: 5_000 },
  scannerAdvisoriesMaven: { variable: 'BENCH_SCANNER_ADVISORIES_MAVEN', fallback: 6_000 },
  scannerAdvisoriesDebian: { variable: 'BENCH_SCANNER_ADVISORIES_DEBIAN', fallback: 60_000 },
} satisfies Record<string, Setting>;

export type SettingName = keyof typeof settings;

function read({ variable, fallback }: Setting): number {
  const raw = process.env[variable];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${variable} must be a positive integer, got "${raw}"`);
  return value;
}

/** Every size, as set or by default. */
export const benchSize = Object.fromEntries(Object.entries(settings).map(([name, setting]) => [name, read(setting)])) as Record<SettingName, number>;

/** The variables set to something other than their default: figures measured at these sizes are not the targets' sizes. */
export const scaledSettings = (names: readonly SettingName[]): string[] =>
  names.filter((name) => benchSize[name] !== settings[name].fallback).map((name) => `${settings[name].variable}=${benchSize[name]} (target size ${settings[name].fallback})`);
