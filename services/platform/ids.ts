const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether a value is a UUID in its canonical hyphenated form, either case (as PostgreSQL's
 * uuid reads it). An id from a request that is not one names nothing, and would not cast.
 */
export const isUuid = (value: string): boolean => UUID.test(value);
