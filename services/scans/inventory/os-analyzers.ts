// The analyzers of OS packages, one per package manager. An image has one of them in
// practice; each reads only its own database's paths.
import { apkAnalyzer } from './apk.js';
import { dpkgAnalyzer } from './dpkg.js';
import type { InventoryAnalyzer } from './inventory.js';
import { createRpmAnalyzer } from './rpm.js';

export { apkAnalyzer } from './apk.js';
export { dpkgAnalyzer, licencesOfCopyright } from './dpkg.js';
export { alpineBranchOf, osComponentEcosystem, osReleasePaths, osReleaseWants, osvEcosystemOf, parseOsRelease, readOsRelease } from './os-release.js';
export { createRpmAnalyzer } from './rpm.js';

/** dpkg, apk and rpm; asynchronous once per process, for the rpm analyzer's WebAssembly SQLite. */
export async function createOsAnalyzers(): Promise<InventoryAnalyzer[]> {
  return [dpkgAnalyzer, apkAnalyzer, await createRpmAnalyzer()];
}
