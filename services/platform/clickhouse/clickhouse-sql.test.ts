import { afterAll, describe, expect, it } from 'vitest';
import { testServices } from '../../../test/support/services.js';
import { connectClickHouse } from './clickhouse-client.js';
import { chsql, identifier, type ClickHouseValue } from './clickhouse-sql.js';

const hostileStrings = [
  "it's",
  "''",
  'back\\slash',
  "\\'",
  'trailing backslash\\',
  'line\nbreak\r\n',
  'tab\there',
  'nul\0byte',
  '\x01\x07\b\v\f\x1b\x7f',
  "'; DROP TABLE domain_events; --",
  "x' OR '1'='1",
  '/* comment */ -- comment',
  '\\x41 \\N \\0 \\u0041',
  '"double" `back`',
  '{name:String} ? $1 %s',
  'ünïcødé ✓ 🚀 中文 עברית',
  '',
];

const text = (value: ClickHouseValue): string => chsql`${value}`.text;

describe('chsql literals', () => {
  it.each([
    ['plain', "'plain'"],
    ["it's", "'it\\'s'"],
    ['back\\slash', "'back\\\\slash'"],
    ["\\'", "'\\\\\\''"],
    ['line\nbreak', "'line\\nbreak'"],
    ['carriage\rreturn', "'carriage\\rreturn'"],
    ['tab\there', "'tab\\there'"],
    ['nul\0byte', "'nul\\0byte'"],
    ["'; DROP TABLE domain_events; --", "'\\'; DROP TABLE domain_events; --'"],
    ['ünïcødé ✓ 🚀 中文', "'ünïcødé ✓ 🚀 中文'"],
    ['', "''"],
  ])('renders the string %j as %s', (value, expected) => {
    expect(text(value)).toBe(expected);
  });

  it('renders numbers, bigints and booleans', () => {
    expect(text(42)).toBe('42');
    expect(text(1.5)).toBe('1.5');
    expect(text(12345678901234567890n)).toBe('12345678901234567890');
    expect(text(true)).toBe('1');
    expect(text(false)).toBe('0');
    expect(text(null)).toBe('NULL');
  });

  it('parenthesizes negative numbers so that a preceding minus cannot start a comment', () => {
    expect(chsql`SELECT 1 -${-5}`.text).toBe('SELECT 1 -(-5)');
    expect(chsql`SELECT 1 -${-5n}`.text).toBe('SELECT 1 -(-5)');
  });

  it.each([NaN, Infinity, -Infinity])('refuses the number %s', (value) => {
    expect(() => text(value)).toThrow(TypeError);
  });

  it('renders dates as UTC DateTime, dropping fractions of a second', () => {
    expect(text(new Date('2024-02-29T23:59:58.999Z'))).toBe("toDateTime('2024-02-29 23:59:58', 'UTC')");
  });

  it('accepts the ends of the DateTime range', () => {
    expect(text(new Date('1970-01-01T00:00:00Z'))).toBe("toDateTime('1970-01-01 00:00:00', 'UTC')");
    expect(text(new Date('2105-12-31T23:59:59.999Z'))).toBe("toDateTime('2105-12-31 23:59:59', 'UTC')");
  });

  it('refuses dates that DateTime cannot hold', () => {
    expect(() => text(new Date('1969-12-31T23:59:59Z'))).toThrow(TypeError);
    expect(() => text(new Date('2106-01-01T00:00:00Z'))).toThrow(TypeError);
    expect(() => text(new Date(NaN))).toThrow(TypeError);
  });

  it('renders arrays element by element, nested too', () => {
    expect(text(['a', "b'c", 1, [true]])).toBe("['a', 'b\\'c', 1, [1]]");
    expect(text([])).toBe('[]');
  });

  it('refuses values that have no literal form', () => {
    const smuggle = (value: unknown): string => text(value as ClickHouseValue);
    expect(() => smuggle(undefined)).toThrow(TypeError);
    expect(() => smuggle({ toString: () => "1' OR '1'='1" })).toThrow(TypeError);
    expect(() => smuggle(Symbol('s'))).toThrow(TypeError);
    expect(() => smuggle(() => 'x')).toThrow(TypeError);
  });

  it('builds a whole statement and composes fragments', () => {
    const types = ['a', 'b'];
    const filter = chsql`AND has(${types}, type)`;
    const query = chsql`SELECT count() FROM ${identifier('analytics', 'domain_events')} WHERE org_id = ${"o'rg"} ${filter}`;
    expect(query.text).toBe("SELECT count() FROM `analytics`.`domain_events` WHERE org_id = 'o\\'rg' AND has(['a', 'b'], type)");
  });
});

describe('identifier', () => {
  it('backquotes valid names', () => {
    expect(identifier('domain_events').text).toBe('`domain_events`');
    expect(identifier('_t1').text).toBe('`_t1`');
  });

  it.each(['', '1abc', 'a-b', 'a b', 'a`b', 'a.b', "x'; DROP TABLE t; --", 'ä'])('refuses %j', (name) => {
    expect(() => identifier(name)).toThrow(TypeError);
  });
});

describe('chsql against the real ClickHouse server', () => {
  const clickhouse = connectClickHouse({ url: testServices.clickhouseUrl });
  afterAll(async () => {
    await clickhouse.close();
  });

  it.each(hostileStrings)('round-trips the string %j exactly', async (value) => {
    const rows = await clickhouse.rows<{ single: string; list: string[]; equal: number }>(
      chsql`SELECT ${value} AS single, ${[value, value]} AS list, ${value} = ${value} AS equal`,
    );
    expect(rows).toEqual([{ single: value, list: [value, value], equal: 1 }]);
  });

  it('round-trips numbers, booleans, null and dates whatever the server time zone', async () => {
    const date = new Date('2024-02-29T23:59:58Z');
    const rows = await clickhouse.rows<Record<string, unknown>>(
      chsql`SELECT ${-5} AS negative, 1 -${-5} AS minus_negative, ${1.5} AS fraction, ${12345678901234567890n} AS big, ${true} AS yes, ${null} AS nothing, toUInt32(${date}) AS epoch`,
    );
    expect(rows).toEqual([{ negative: -5, minus_negative: 6, fraction: 1.5, big: '12345678901234567890', yes: 1, nothing: null, epoch: date.getTime() / 1000 }]);
  });

  it('accepts the ends of the DateTime range', async () => {
    const rows = await clickhouse.rows<{ first: number; last: number }>(
      chsql`SELECT toUInt32(${new Date(0)}) AS first, toUInt32(${new Date('2105-12-31T23:59:59Z')}) AS last`,
    );
    expect(rows).toEqual([{ first: 0, last: Date.UTC(2105, 11, 31, 23, 59, 59) / 1000 }]);
  });
});
