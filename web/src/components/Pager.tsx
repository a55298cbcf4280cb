/**
 * Forward-only cursor paging of a list shown inside a page (not a URL of its own): the
 * first page, and the next one while the API says there is one.
 */
export function Pager({ label, cursor, nextCursor, onPage }: { label: string; cursor: string | undefined; nextCursor: string | undefined; onPage: (cursor: string | undefined) => void }) {
  if (cursor === undefined && nextCursor === undefined) return null;
  return (
    <nav aria-label={label} className="pager">
      {cursor !== undefined && (
        <button type="button" className="secondary" onClick={() => onPage(undefined)}>
          First page
        </button>
      )}
      {nextCursor !== undefined && (
        <button type="button" className="secondary" onClick={() => onPage(nextCursor)}>
          Next page
        </button>
      )}
    </nav>
  );
}
