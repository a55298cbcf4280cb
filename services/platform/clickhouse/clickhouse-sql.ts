// The only way to put a value into ClickHouse SQL. Server-side parameters
// ({name:Type}) do not exist on ClickHouse 18.16, so values are rendered as
// literals here, chosen by their JS type, and everything else is refused.

/** SQL text built by chsql or identifier(). The private field makes the type nominal: a plain string or look-alike object does not fit. */
class ClickHouseSql {
  readonly #text: string;
  constructor(text: string) {
    this.#text = text;
  }
  get text(): string {
    return this.#text;
  }
}
export type { ClickHouseSql };

export type ClickHouseValue = string | number | bigint | boolean | Date | null | ClickHouseSql | readonly ClickHouseValue[];

/**
 * Tagged template: chsql`SELECT count() FROM t WHERE org_id = ${orgId}`.
 * Interpolated values become literals; interpolated chsql/identifier() results are inserted as SQL.
 */
export function chsql(strings: TemplateStringsArray, ...values: ClickHouseValue[]): ClickHouseSql {
  let text = strings[0] ?? '';
  values.forEach((value, i) => {
    text += render(value) + (strings[i + 1] ?? '');
  });
  return new ClickHouseSql(text);
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A table, column or database name, validated and backquoted; several parts are joined with dots (database.table). */
export function identifier(...parts: [string, ...string[]]): ClickHouseSql {
  for (const part of parts) {
    if (!IDENTIFIER.test(part)) throw new TypeError(`not a valid ClickHouse identifier: ${JSON.stringify(part)}`);
  }
  return new ClickHouseSql(parts.map((part) => `\`${part}\``).join('.'));
}

// Backslash first, so the escapes added afterwards are not escaped again.
const STRING_ESCAPES: ReadonlyArray<[RegExp, string]> = [
  [/\\/g, '\\\\'],
  [/'/g, "\\'"],
  [/\0/g, '\\0'],
  [/\n/g, '\\n'],
  [/\r/g, '\\r'],
  [/\t/g, '\\t'],
];

function render(value: ClickHouseValue): string {
  if (value instanceof ClickHouseSql) return value.text;
  if (value === null) return 'NULL';
  if (Array.isArray(value)) return `[${value.map(render).join(', ')}]`;
  switch (typeof value) {
    case 'string':
      return `'${STRING_ESCAPES.reduce((text, [pattern, escaped]) => text.replace(pattern, escaped), value)}'`;
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`cannot render ${value} as a ClickHouse literal`);
      return signed(String(value));
    case 'bigint':
      return signed(value.toString());
    case 'boolean':
      return value ? '1' : '0';
  }
  if (value instanceof Date) return dateTime(value);
  throw new TypeError(`cannot render a ${typeof value} as a ClickHouse literal`);
}

// Parenthesized so that a minus sign after another minus cannot open a comment (`1 -${-5}` must not become `1 --5`).
const signed = (digits: string): string => (digits.startsWith('-') ? `(${digits})` : digits);

// DateTime holds whole seconds since the epoch in a UInt32 (DateTime64 does not exist on
// 18.16), and 18.16 parses dates only up to the end of 2105: the range both versions share.
const DATETIME_MIN_MS = 0;
const DATETIME_MAX_MS = Date.UTC(2105, 11, 31, 23, 59, 59);

export function isRepresentableDateTime(date: Date): boolean {
  const wholeSecondMs = Math.floor(date.getTime() / 1000) * 1000;
  return wholeSecondMs >= DATETIME_MIN_MS && wholeSecondMs <= DATETIME_MAX_MS;
}

/** 'YYYY-MM-DD hh:mm:ss' in UTC, the text form of DateTime; fractions of a second are dropped, as DateTime drops them. */
export function formatDateTime(date: Date): string {
  if (!isRepresentableDateTime(date)) throw new TypeError(`date outside the ClickHouse DateTime range: ${String(date)}`);
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

// The explicit time zone keeps the literal independent of the server's.
const dateTime = (date: Date): string => `toDateTime('${formatDateTime(date)}', 'UTC')`;
