/** Forward by cursor, and back to the first page: the cursor only moves forward. */
export function CursorPager({ label, what, cursor, nextCursor, onMove }: { label: string; what: string; cursor: string | undefined; nextCursor: string | undefined; onMove: (cursor: string | undefined) => void }) {
  return (
    <nav aria-label={label} className="pager">
      {cursor && (
        <button type="button" className="secondary" onClick={() => onMove(undefined)}>
          First {what}
        </button>
      )}
      {nextCursor && (
        <button type="button" className="secondary" onClick={() => onMove(nextCursor)}>
          Next {what}
        </button>
      )}
    </nav>
  );
}
