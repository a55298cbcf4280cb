// Where the machine's cores went during a timed run: the CPU time of each part of the
// deployment, read from /proc (Linux). With every part on the same cores, a latency or a
// rate says little without it: the same code measures differently on a machine that is
// also running something else, and a part that takes most of the cores is where a
// change would pay.
import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

export interface CpuUse {
  /** Wall time between start and stop. */
  seconds: number;
  /** CPU seconds per part, largest first; parts that used under 0.05 s are left out. */
  parts: { part: string; cpuSeconds: number }[];
}

export interface CpuMeter {
  stop(): CpuUse;
}

// /proc counts CPU time in USER_HZ ticks, 100 a second on every Linux the benchmark runs on.
const CLOCK_TICKS_PER_SECOND = 100;

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined; // the process ended meanwhile
  }
}

/** The part a process belongs to, by the roles the benchmark started and by what the others run. */
function partOf(pid: number, roles: ReadonlyMap<number, string>): string | undefined {
  const role = roles.get(pid);
  if (role !== undefined) return `sentinel ${role}`;
  if (pid === process.pid) return 'benchmark (its clients)';
  const command = read(`/proc/${pid}/cmdline`)?.replaceAll('\0', ' ');
  if (!command) return undefined; // a kernel thread
  const name = read(`/proc/${pid}/comm`)?.trim() ?? '';
  if (name === 'postgres') return 'PostgreSQL';
  if (name.startsWith('clickhouse')) return 'ClickHouse';
  if (name === 'redis-server') return 'Redis';
  if (command.includes('sentinel.infra=registry')) return 'schema registry';
  if (name === 'java' && /kafka/i.test(command)) return 'Kafka';
  return 'other processes';
}

/** CPU seconds (user and system) of every live process, by pid. */
function cpuByPid(): Map<number, number> {
  const seconds = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = read(`/proc/${entry}/stat`);
    if (stat === undefined) continue;
    // Fields after the command name, which is in parentheses and may hold spaces: utime and stime are the 12th and 13th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    seconds.set(Number(entry), (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND);
  }
  return seconds;
}

/**
 * Starts measuring. `roles` maps the pid of each Sentinel process to its role. A process
 * that started meanwhile counts with all its time; one that ended meanwhile is not seen.
 */
export function startCpuMeter(roles: ReadonlyMap<number, string>): CpuMeter {
  const before = cpuByPid();
  const started = performance.now();
  return {
    stop() {
      const after = cpuByPid();
      const seconds = (performance.now() - started) / 1000;
      const byPart = new Map<string, number>();
      for (const [pid, total] of after) {
        const used = total - (before.get(pid) ?? 0);
        const part = used > 0 ? partOf(pid, roles) : undefined;
        if (part !== undefined) byPart.set(part, (byPart.get(part) ?? 0) + used);
      }
      const parts = [...byPart].map(([part, cpuSeconds]) => ({ part, cpuSeconds })).filter((use) => use.cpuSeconds >= 0.05);
      return { seconds, parts: parts.sort((a, b) => b.cpuSeconds - a.cpuSeconds) };
    },
  };
}

/** The fact a benchmark reports its runs' CPU use under. */
export const CPU_FACT = 'cores used during runs 1 / 2';

/** Each part's cores over each run (its CPU seconds / the run's wall seconds), the busiest part first. */
export function describeCpuUse(runs: readonly CpuUse[]): string {
  const parts = [...new Set(runs.flatMap((run) => run.parts.map((use) => use.part)))];
  const coresOf = (run: CpuUse, part: string) => (run.parts.find((use) => use.part === part)?.cpuSeconds ?? 0) / run.seconds;
  parts.sort((a, b) => runs.reduce((sum, run) => sum + coresOf(run, b) - coresOf(run, a), 0));
  return parts.map((part) => `${part} ${runs.map((run) => coresOf(run, part).toFixed(2)).join(' / ')}`).join(', ');
}

/** CPU microseconds per unit of a run's work (an observation, a delivery): one part's, or every part's when none is named. */
export function cpuMicrosPer(use: CpuUse, units: number, part?: string): number {
  const seconds = use.parts.filter((each) => part === undefined || each.part === part).reduce((sum, each) => sum + each.cpuSeconds, 0);
  return Math.round((seconds * 1_000_000) / units);
}
