// isRetriable decides between backing a partition off and setting a record aside
// (streams/log/shared.ts). The database errors here are real ones, raised by
// PostgreSQL and PGlite; the transient ones cannot be provoked on demand, so
// they carry the SQLSTATE and codes the drivers give them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../../test/support/databases.js';
import { loadSchema } from '../../streams/avro.js';
import { AppError, isRetriable, toHttpError } from './errors.js';

describe.each(databaseProfiles)('isRetriable with errors of $name', (profile) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await profile.create();
  });
  afterAll(async () => {
    await test.drop();
  });
  const failureOf = (sql: string, params: unknown[] = []) => test.db.query(sql, params).then(
    () => {
      throw new Error(`${sql} succeeded`);
    },
    (error: unknown) => error,
  );

  it('calls data exceptions and integrity constraint violations permanent', async () => {
    const nul = await failureOf('SELECT $1::text', ['bad\u0000value']);
    expect(nul).toMatchObject({ code: '22021' });
    const notNull = await failureOf("INSERT INTO stream_topics (topic, partitions) VALUES ('t', NULL)");
    expect(notNull).toMatchObject({ code: '23502' });
    const check = await failureOf("INSERT INTO stream_topics (topic, partitions) VALUES ('t', 0)");
    expect(check).toMatchObject({ code: '23514' });
    for (const error of [nul, notNull, check]) expect(isRetriable(error)).toBe(false);
  });
});

describe('isRetriable', () => {
  const withCode = (code: string) => Object.assign(new Error(`failed with ${code}`), { code });

  it('retries connection, resource, concurrency and timeout failures, also wrapped', () => {
    for (const code of ['08000', '08006', '08P01', '53300', '53100', '40001', '40P01', '55P03', '57014', '57P01', '57P03', 'ECONNREFUSED', 'ETIMEDOUT']) {
      expect([code, isRetriable(withCode(code))]).toEqual([code, true]);
    }
    expect(isRetriable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isRetriable(new Error('fetch failed', { cause: withCode('ECONNRESET') }))).toBe(true);
    expect(isRetriable(new AppError('unavailable', 'down'))).toBe(true);
  });

  it('does not retry data, constraint or decoding failures, nor an unclassified error', () => {
    for (const code of ['22021', '22P05', '22001', '23505', '23503', '42P01']) expect([code, isRetriable(withCode(code))]).toEqual([code, false]);
    const decoding = (() => {
      try {
        loadSchema('domain-event').fromBuffer(Buffer.from([1, 2, 3]));
      } catch (error) {
        return error;
      }
    })();
    expect(decoding).toBeInstanceOf(Error);
    expect(isRetriable(decoding)).toBe(false);
    expect(isRetriable(new TypeError('x is undefined'))).toBe(false);
    expect(isRetriable(new AppError('unprocessable', 'no'))).toBe(false);
  });

  it('answers a transient database failure with 503 and a data exception with 500, never a driver message', () => {
    expect(toHttpError(withCode('08006'))).toMatchObject({ status: 503, body: { code: 'unavailable' } });
    expect(toHttpError(withCode('22021'))).toEqual({ status: 500, body: { error: 'internal error', code: 'internal_error' }, headers: {} });
  });
});
