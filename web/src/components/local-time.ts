/** A moment typed in a local date-time field (`datetime-local`), as the API's timestamp; undefined when empty. */
export const instantOf = (local: string): string | undefined => (local === '' ? undefined : new Date(local).toISOString());
