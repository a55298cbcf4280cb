/** A count as the page writes numbers (the browser's locale). */
export const count = (value: number): string => value.toLocaleString();

/** A mean in days, or a dash where nothing was resolved. */
export const days = (value: number | null | undefined): string => (value === null || value === undefined ? '—' : value.toLocaleString(undefined, { maximumFractionDigits: 2 }));

/** A timestamp in the browser's locale, or a dash. */
export const when = (value: string | null): string => (value === null ? '—' : new Date(value).toLocaleString());
