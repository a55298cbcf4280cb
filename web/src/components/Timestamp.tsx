/** A moment from the API in the reader's own format, machine-readable in dateTime; a dash when there is none. */
export function Timestamp({ value }: { value: string | null }) {
  if (value === null) return <>—</>;
  return <time dateTime={value}>{new Date(value).toLocaleString()}</time>;
}
