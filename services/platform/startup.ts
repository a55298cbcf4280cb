// Start-up steps that need a dependency (migrations, topics, the analytics schema)
// wait for it instead of ending the process: in docker-compose or Kubernetes the
// database or broker often comes up after us, and a process that exits only
// restarts into the same situation. Only failures that mean "not there yet" are
// retried; a wrong password or a broken migration stops the process at once.
import { setTimeout as sleep } from 'node:timers/promises';
import { isRetriable } from './errors.js';

interface StartupRetryOptions {
  /** What the step does, for the progress lines ("database migrations"). */
  what: string;
  logger: { warn(fields: Record<string, unknown>, message: string): void; info(fields: Record<string, unknown>, message: string): void };
  /** Aborting (SIGTERM while waiting) rejects with the signal's reason. */
  signal: AbortSignal;
  initialDelayMs?: number;
  maxDelayMs?: number;
}

/** Runs the step until it succeeds, backing off exponentially while its dependency is unavailable. */
export async function retryWhileUnavailable<T>(step: () => Promise<T>, options: StartupRetryOptions): Promise<T> {
  const { what, logger, signal, initialDelayMs = 500, maxDelayMs = 15_000 } = options;
  let delayMs = initialDelayMs;
  for (let attempt = 1; ; attempt++) {
    signal.throwIfAborted();
    try {
      const result = await step();
      if (attempt > 1) logger.info({ step: what, attempts: attempt }, `${what}: done after ${attempt} attempts`);
      return result;
    } catch (error) {
      signal.throwIfAborted();
      if (!isRetriable(error)) throw error;
      logger.warn(
        { step: what, attempt, retry_in_ms: delayMs, error: describe(error) },
        `${what}: a dependency is unavailable, retrying in ${(delayMs / 1000).toFixed(1)} s`,
      );
    }
    await sleep(delayMs, undefined, { signal });
    delayMs = Math.min(delayMs * 2, maxDelayMs);
  }
}

// A refused connection may arrive as an AggregateError (one per address tried) with an empty message and only a code.
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.message || String((error as { code?: unknown }).code ?? error.name);
}
