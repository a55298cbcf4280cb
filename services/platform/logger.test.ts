import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED } from './logger.js';

function capturedLogger() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('info', {}, destination), lines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
}

describe('the logger', () => {
  it("writes a failing statement's error without its parameters or the values its detail quotes", async () => {
    const { logger, lines } = capturedLogger();
    const error = Object.assign(new Error('duplicate key value violates unique constraint "api_keys_hash"'), {
      code: '23505',
      detail: 'Key (key_hash)=(\\x8f3a) already exists.',
      parameters: ['snk_live_abcdefghijklmnopqrstuvwx', 'digest'],
    });
    logger.error({ err: error, params: ['the-new-password'] }, 'statement failed');
    await new Promise((resolve) => setImmediate(resolve));
    const [line] = lines();
    expect(line).toMatchObject({ params: REDACTED, err: { code: '23505', detail: REDACTED, parameters: REDACTED } });
    expect(JSON.stringify(line)).not.toMatch(/snk_live_|the-new-password|8f3a/);
  });
});
