// A time as text in SQL, the way JavaScript's Date#toISOString writes it
// (UTC, milliseconds, "Z"), whatever the session's TimeZone. Statements that
// build JSON for other processes use it, so a time read from an event and the
// same time read from its row parse to the same Date.
export const isoTimeText = (expression: string): string => `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A timestamptz column's text as Date#toISOString would write the Date it stands for
 * (UTC, milliseconds truncated, "Z"), by rearranging characters: for rows that are
 * only shown, where making a Date of each time to write it back out cost a listing a
 * sizeable share of its CPU (QueryOptions.timesAsIsoText). PostgreSQL writes
 * `YYYY-MM-DD HH:MM:SS[.ffffff]+00` in a UTC session with the ISO DateStyle; any
 * other text (another session time zone, a year past 9999) goes through `parseDate`,
 * the driver's own parser.
 */
export function isoFromTimestamptzText(text: string, parseDate: (text: string) => Date): string {
  const plainUtc = text.length >= 22 && text[4] === '-' && text[10] === ' ' && text.endsWith('+00') && (text.length === 22 || text[19] === '.');
  if (!plainUtc) return parseDate(text).toISOString();
  const milliseconds = text.length === 22 ? '000' : text.slice(20, -3).padEnd(3, '0').slice(0, 3);
  return `${text.slice(0, 10)}T${text.slice(11, 19)}.${milliseconds}Z`;
}
