import { validationFailed } from '../errors.js';

/**
 * A request timestamp as a Date. The document's pattern admits only RFC 3339 shapes;
 * this refuses the impossible ones it cannot see (month 13) with the usual 400.
 */
export function parseTimestamp(name: string, value: string): Date {
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw validationFailed(`${name} is not a valid timestamp`);
  return parsed;
}

/** A stored time as the API shows it: ISO 8601 in UTC, or null when there is none. */
export const isoOrNull = (at: Date | null): string | null => (at === null ? null : at.toISOString());
