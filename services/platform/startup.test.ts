import { describe, expect, it } from 'vitest';
import { retryWhileUnavailable } from './startup.js';

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

function recordingLogger() {
  const lines: string[] = [];
  return { lines, logger: { warn: (_fields: object, message: string) => void lines.push(`warn ${message}`), info: (_fields: object, message: string) => void lines.push(`info ${message}`) } };
}

/** A step that fails with the given errors, in order, then answers 'done'. */
function failingThen(errors: Error[]) {
  let calls = 0;
  const step = async () => {
    const error = errors[calls++];
    if (error) throw error;
    return 'done';
  };
  return { step, calls: () => calls };
}

describe('start-up steps waiting for a dependency', () => {
  const fast = { initialDelayMs: 5, maxDelayMs: 20 };

  // The last refusal is what Node reports when every address of a host refused: an empty message and the code.
  it('retries while the dependency is unavailable, logging each wait, and answers the result', async () => {
    const { lines, logger } = recordingLogger();
    const { step, calls } = failingThen([refused(), refused(), Object.assign(new AggregateError([refused(), refused()], ''), { code: 'ECONNREFUSED' })]);
    await expect(retryWhileUnavailable(step, { what: 'database migrations', logger, signal: new AbortController().signal, ...fast })).resolves.toBe('done');
    expect(calls()).toBe(4);
    expect(lines).toEqual([
      'warn database migrations: a dependency is unavailable, retrying in 0.0 s',
      'warn database migrations: a dependency is unavailable, retrying in 0.0 s',
      'warn database migrations: a dependency is unavailable, retrying in 0.0 s',
      'info database migrations: done after 4 attempts',
    ]);
  });

  it('also waits when the refusal is wrapped (fetch failed, kafkajs retries exceeded)', async () => {
    const { logger } = recordingLogger();
    const wrapped = new Error('fetch failed', { cause: refused() });
    const { step, calls } = failingThen([wrapped]);
    await expect(retryWhileUnavailable(step, { what: 'analytics schema', logger, signal: new AbortController().signal, ...fast })).resolves.toBe('done');
    expect(calls()).toBe(2);
  });

  it('stops at once on a failure that waiting cannot cure', async () => {
    const { lines, logger } = recordingLogger();
    const badPassword = Object.assign(new Error('password authentication failed for user "sentinel"'), { code: '28P01' });
    const { step, calls } = failingThen([badPassword]);
    await expect(retryWhileUnavailable(step, { what: 'database migrations', logger, signal: new AbortController().signal, ...fast })).rejects.toBe(badPassword);
    expect([calls(), lines]).toEqual([1, []]);
  });

  it('gives up waiting when the signal aborts (SIGTERM during start-up)', async () => {
    const { logger } = recordingLogger();
    const shutdown = new AbortController();
    const waiting = retryWhileUnavailable(() => Promise.reject(refused()), { what: 'stream log topics', logger, signal: shutdown.signal, initialDelayMs: 60_000 });
    shutdown.abort(new Error('SIGTERM received'));
    await expect(waiting).rejects.toThrow('SIGTERM received');
  });
});
