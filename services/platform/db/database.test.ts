import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../../../test/support/databases.js';
import { actingAsSchemaOwner } from './tenant-scope.js';

// The two adapters must be interchangeable: domain code never learns which one it has.
describe.each(databaseProfiles)('database adapter parity on $name', ({ create }) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await create();
    await actingAsSchemaOwner(() => test.db.query('CREATE TABLE parity (id int PRIMARY KEY, big bigint, note text)'));
  });
  afterAll(() => test.drop());

  it('reports rowCount as rows returned or rows affected, like node-postgres', async () => {
    expect((await test.db.query('INSERT INTO parity (id, big) VALUES (1, 10), (2, 20)')).rowCount).toBe(2);
    expect((await test.db.query('INSERT INTO parity (id) VALUES (1) ON CONFLICT DO NOTHING')).rowCount).toBe(0);
    expect((await test.db.query('SELECT id FROM parity WHERE id = ANY($1::int[])', [[1, 2]])).rowCount).toBe(2);
    expect((await test.db.query('UPDATE parity SET note = $1', ['x'])).rowCount).toBe(2);
    expect((await test.db.query('DELETE FROM parity WHERE id = $1 RETURNING id', [2])).rows).toEqual([{ id: 2 }]);
  });

  it('returns bigint columns as numbers when they are safe integers', async () => {
    const { rows } = await test.db.query<{ big: number }>('SELECT big FROM parity WHERE id = 1');
    expect(rows[0]?.big).toBe(10);
  });

  it('answers a prepared statement like any other, and PostgreSQL plans it once per connection', async () => {
    const sql = 'SELECT id, note FROM parity WHERE id = ANY($1::int[]) ORDER BY id';
    const { plain, prepared, statements } = await test.db.transaction(async (tx) => {
      const plain = (await tx.query(sql, [[1, 2]])).rows;
      const prepared = [(await tx.query(sql, [[1, 2]], { prepared: true })).rows, (await tx.query(sql, [[1]], { prepared: true })).rows];
      const statements = test.db.kind === 'postgres' ? (await tx.query<{ n: number }>('SELECT count(*)::integer AS n FROM pg_prepared_statements WHERE statement = $1', [sql])).rows[0]!.n : undefined;
      return { plain, prepared, statements };
    });
    expect(prepared[0]).toEqual(plain);
    expect(prepared[1]).toEqual(plain.filter((row) => row.id === 1));
    // The embedded database has no named statements to count: it ignores the option.
    expect(statements).toBe(test.db.kind === 'postgres' ? 1 : undefined);
  });

  it('reads timestamptz as the text Date#toISOString writes when asked, in and out of a transaction, for any session time zone', async () => {
    const times = ['2025-03-01 11:59:58.789999+00', '2025-03-01 11:59:58+00', '2025-03-01 11:59:58.5+00', '1999-12-31 23:59:59.001+00', '0999-01-01 00:00:00.12+00', '2024-02-29 00:00:00.000001+00', '12345-06-07 08:09:10.5+00'];
    const sql = 'SELECT t AS at, t AS also, 7 AS n FROM unnest($1::timestamptz[]) WITH ORDINALITY AS x (t, i) ORDER BY i';
    const asDates = (await test.db.query<{ at: Date }>(sql, [times])).rows.map((row) => row.at.toISOString());
    expect(asDates[0]).toBe('2025-03-01T11:59:58.789Z');
    const asText = (await test.db.query<{ at: string; also: string; n: number }>(sql, [times], { timesAsIsoText: true })).rows;
    expect(asText.map((row) => row.at)).toEqual(asDates);
    expect(asText.map((row) => row.also)).toEqual(asDates);
    // Other types keep their parsers.
    expect(asText.map((row) => row.n)).toEqual(times.map(() => 7));
    // Written in another time zone's offset, the text still names the same instant. Times since 1942:
    // earlier ones take the zone's local mean time (+05:53:28), which PGlite's own parser cannot read.
    const modern = times.slice(0, 4);
    const elsewhere = await test.db.transaction(async (tx) => {
      await tx.query("SET LOCAL TimeZone = 'Asia/Kolkata'");
      return (await tx.query<{ at: string }>(sql, [modern], { timesAsIsoText: true })).rows.map((row) => row.at);
    });
    expect(elsewhere).toEqual(asDates.slice(0, 4));
  });

  it('rolls back a transaction that throws and commits one that resolves', async () => {
    await expect(
      test.db.transaction(async (tx) => {
        await tx.query('INSERT INTO parity (id) VALUES (3)');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await test.db.transaction((tx) => tx.query('INSERT INTO parity (id) VALUES (4)'));
    const ids = (await test.db.query<{ id: number }>('SELECT id FROM parity ORDER BY id')).rows.map((r) => r.id);
    expect(ids).toEqual([1, 4]);
  });

  it('keeps concurrent transactions apart', async () => {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        test.db.transaction(async (tx) => {
          const { rows } = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM parity');
          await tx.query('INSERT INTO parity (id, big) VALUES ($1, $2)', [100 + i, rows[0]!.n]);
        }),
      ),
    );
    const { rows } = await test.db.query<{ n: number }>('SELECT count(*)::int AS n FROM parity WHERE id >= 100');
    expect(rows[0]?.n).toBe(20);
  });

  it('runs parameterless multi-statement scripts (migrations) and answers with the last result', async () => {
    const { rows } = await test.db.query<{ n: number }>('CREATE TEMP TABLE scratch (a int); INSERT INTO scratch VALUES (1), (2); SELECT count(*)::int AS n FROM scratch');
    expect(rows).toEqual([{ n: 2 }]);
  });
});
