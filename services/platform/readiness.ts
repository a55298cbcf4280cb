// GET /ready asks every configured dependency; one that does not answer within
// the budget counts as down, so a hung dependency cannot hang the probe.

export type DependencyChecks = Record<string, () => Promise<void>>;
interface ReadinessReport {
  ready: boolean;
  dependencies: Record<string, 'up' | 'down'>;
}

export function createReadiness(checks: DependencyChecks, budgetMs = 2_000) {
  return async function check(): Promise<ReadinessReport> {
    const names = Object.keys(checks);
    const outcomes = await Promise.all(
      names.map(async (name) => {
        let timer: NodeJS.Timeout | undefined;
        const timeout = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('timeout')), budgetMs);
        });
        try {
          await Promise.race([checks[name]!(), timeout]);
          return 'up' as const;
        } catch {
          return 'down' as const;
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    const dependencies = Object.fromEntries(names.map((name, i) => [name, outcomes[i]!]));
    return { ready: outcomes.every((o) => o === 'up'), dependencies };
  };
}
export type ReadinessCheck = ReturnType<typeof createReadiness>;
