import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { describeCpuUse, startCpuMeter } from './cpu-meter.js';

// A process that spends `seconds` of its own CPU time, says so, and then idles until killed.
const burner = (seconds: number) => `
  const start = process.cpuUsage();
  const spent = () => { const used = process.cpuUsage(start); return (used.user + used.system) / 1e6; };
  while (spent() < ${seconds});
  process.stdout.write('spent\\n');
  setInterval(() => undefined, 1000);
`;

describe('the benchmark CPU meter', () => {
  it("counts a role's CPU time over the run under its role, and only the time spent while measuring", async () => {
    const child = spawn(process.execPath, ['-e', burner(0.4)], { stdio: ['ignore', 'pipe', 'inherit'] });
    try {
      const meter = startCpuMeter(new Map([[child.pid!, 'api']]));
      await once(child.stdout!, 'data');
      const use = meter.stop();
      const api = use.parts.find((part) => part.part === 'sentinel api');
      // /proc counts in 10 ms ticks; the process started (its runtime's own start-up) just before the meter.
      expect(api?.cpuSeconds).toBeGreaterThanOrEqual(0.38);
      expect(api!.cpuSeconds).toBeLessThan(0.4 + 0.5);
      expect(use.seconds).toBeGreaterThan(0);
      expect(describeCpuUse([use, use])).toMatch(/sentinel api (\d\.\d\d) \/ \1/);

      // Idle now: a second measurement finds next to nothing of it.
      const idle = startCpuMeter(new Map([[child.pid!, 'api']]));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(idle.stop().parts.find((part) => part.part === 'sentinel api')).toBeUndefined();
    } finally {
      child.kill('SIGKILL');
    }
  });
});
