// What a benchmark reports: figures measured in two runs, each with its target.
// A figure passes only if both runs meet the target, and it is shown at its worse
// run; the spread is how far apart the runs were, relative to their mean.

export interface Figure {
  name: string;
  unit: string;
  /** higher: throughput, ratios (the target is a floor); lower: latency, failures, cost ratios (the target is a ceiling, at most). */
  better: 'higher' | 'lower';
  /** One value per run, in run order. */
  runs: number[];
  target?: number;
}

export interface BenchResult {
  figures: Figure[];
  /** Sizes and counts that say what was measured (not judged). */
  facts: Record<string, string | number>;
  /** The size settings that differ from the targets' sizes (bench-settings.ts). */
  scaled: string[];
}

const meets = (figure: Figure, value: number) => (figure.better === 'higher' ? value >= figure.target! : value <= figure.target!);

/** The run that flatters least: the lowest throughput, the highest latency. */
export const worstRun = (figure: Figure): number => (figure.better === 'higher' ? Math.min(...figure.runs) : Math.max(...figure.runs));

export const outcome = (figure: Figure): 'PASS' | 'FAIL' | undefined =>
  figure.target === undefined ? undefined : figure.runs.every((value) => meets(figure, value)) ? 'PASS' : 'FAIL';

/** (largest − smallest) / mean, as a fraction; 0 when every run agrees (or all are 0). */
export function spread(runs: readonly number[]): number {
  const mean = runs.reduce((sum, value) => sum + value, 0) / runs.length;
  return mean === 0 ? 0 : (Math.max(...runs) - Math.min(...runs)) / mean;
}

/** The p-th percentile (nearest rank) of ascending values. */
export const percentile = (sorted: readonly number[], p: number): number => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;

/**
 * A comparison made within the same run: each run's `of` divided by the same run's `to`
 * (Sentinel against its floor, a large tenant against a small one), so the machine's
 * speed that day cancels out and a FAIL points at the code.
 */
export function ratioFigure(name: string, of: readonly number[], to: readonly number[], better: Figure['better'], target: number): Figure {
  if (of.length !== to.length) throw new Error(`ratio ${name}: ${of.length} runs against ${to.length}`);
  return { name, unit: '×', better, runs: of.map((value, run) => value / to[run]!), target };
}
