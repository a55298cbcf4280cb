// The analyzers of language packages, in one list for the scanner to run beside the OS ones.
import { cargoAnalyzer } from './cargo.js';
import { composerAnalyzer } from './composer.js';
import { goBinaryAnalyzer } from './go-binary.js';
import type { InventoryAnalyzer } from './inventory.js';
import { javaArchiveAnalyzer } from './java-archive.js';
import { npmAnalyzer } from './npm.js';
import { pythonAnalyzer } from './python.js';
import { rubyGemspecAnalyzer } from './ruby-gemspec.js';

export const languageAnalyzers: readonly InventoryAnalyzer[] = [npmAnalyzer, pythonAnalyzer, goBinaryAnalyzer, javaArchiveAnalyzer, rubyGemspecAnalyzer, cargoAnalyzer, composerAnalyzer];
