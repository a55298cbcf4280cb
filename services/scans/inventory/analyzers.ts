// Every analyzer the built-in scanner runs: the operating system's package databases,
// then the language ecosystems' files.
import type { InventoryAnalyzer } from './inventory.js';
import { languageAnalyzers } from './language-analyzers.js';
import { createOsAnalyzers } from './os-analyzers.js';

/** Asynchronous once: the rpm analyzer compiles SQLite's WebAssembly module first. */
export async function createInventoryAnalyzers(): Promise<readonly InventoryAnalyzer[]> {
  return [...(await createOsAnalyzers()), ...languageAnalyzers];
}
