// A time as text in SQL, the way JavaScript's Date#toISOString writes it
// (UTC, milliseconds, "Z"), whatever the session's TimeZone. Statements that
// build JSON for other processes use it, so a time read from an event and the
// same time read from its row parse to the same Date.
export const isoTimeText = (expression: string): string => `to_char((${expression}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
