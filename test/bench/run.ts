// `npm run bench`: runs every test/bench/*.bench.ts module (or those named on the
// command line) one after another on this machine and prints its figures.
// Speed and memory targets live here, never in timed test assertions.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export type BenchFigures = Record<string, number | string>;
interface BenchModule {
  run(): Promise<BenchFigures>;
}

const benchDir = import.meta.dirname;
const only = process.argv.slice(2);
const files = (await readdir(benchDir)).filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => f.includes(o)))).sort();

let failed = false;
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  process.stdout.write(`\n== ${name} ==\n`);
  const started = Date.now();
  try {
    const module = (await import(pathToFileURL(path.join(benchDir, file)).href)) as BenchModule;
    const figures = await module.run();
    for (const [metric, value] of Object.entries(figures)) {
      process.stdout.write(`  ${metric.padEnd(48)} ${typeof value === 'number' ? value.toLocaleString('en-US', { maximumFractionDigits: 2 }) : value}\n`);
    }
    process.stdout.write(`  (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  } catch (error) {
    failed = true;
    process.stdout.write(`  FAILED: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
}
process.exit(failed ? 1 : 0);
