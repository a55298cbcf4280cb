// `npm run bench`: runs every test/bench/*.bench.ts module (or those named on the
// command line) one after another and prints each figure with both runs, the
// figure (its worse run), its target, PASS or FAIL, and the spread of the runs.
// Speed targets live here, never in timed test assertions. The exit status is 1
// only when a benchmark fails to run (an error, a wrong answer, a lost record);
// a FAIL figure is a measurement, reported in the summary, not an error.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { outcome, spread, worstRun, type BenchResult, type Figure } from './figures.js';
import { describeMachine, measureMachine } from './machine.js';

interface BenchModule {
  run(): Promise<BenchResult>;
}

const benchDir = import.meta.dirname;
const only = process.argv.slice(2);
const files = (await readdir(benchDir)).filter((f) => f.endsWith('.bench.ts') && (only.length === 0 || only.some((o) => f.includes(o)))).sort();

const number = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: value < 10 ? 2 : value < 1000 ? 1 : 0 });
const targetText = (figure: Figure) => (figure.target === undefined ? '' : `${figure.better === 'higher' ? '>=' : '<='} ${number(figure.target)}`);

function printFigures(result: BenchResult): void {
  const rows = result.figures.map((figure) => [
    figure.name,
    figure.unit,
    figure.runs.map(number).join(' / '),
    number(worstRun(figure)),
    targetText(figure),
    outcome(figure) ?? '',
    `${(spread(figure.runs) * 100).toFixed(1)}%`,
  ]);
  const header = ['figure', 'unit', 'runs', 'worse run', 'target', 'result', 'spread'];
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  for (const row of [header, ...rows]) process.stdout.write(`  ${row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')}\n`);
  for (const [fact, value] of Object.entries(result.facts)) process.stdout.write(`  ${fact}: ${typeof value === 'number' ? number(value) : value}\n`);
  if (result.scaled.length > 0) process.stdout.write(`  SCALED DOWN, not the targets' sizes: ${result.scaled.join(', ')}\n`);
}

process.stdout.write(`${describeMachine(await measureMachine())}\n`);

let errors = 0;
const failed: string[] = [];
for (const file of files) {
  const name = file.replace(/\.bench\.ts$/, '');
  process.stdout.write(`\n== ${name} ==\n`);
  const started = Date.now();
  try {
    const module = (await import(pathToFileURL(path.join(benchDir, file)).href)) as BenchModule;
    const result = await module.run();
    printFigures(result);
    failed.push(...result.figures.filter((figure) => outcome(figure) === 'FAIL').map((figure) => `${name}: ${figure.name}`));
  } catch (error) {
    errors++;
    process.stdout.write(`  ERROR: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  }
  process.stdout.write(`  (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}
process.stdout.write(`\n${failed.length === 0 ? 'every figure with a target: PASS' : `FAIL: ${failed.join('; ')}`}${errors > 0 ? `; ${errors} benchmark(s) did not run to the end` : ''}\n`);
process.exit(errors > 0 ? 1 : 0);
