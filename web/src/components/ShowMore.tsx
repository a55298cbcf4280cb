/** The button that asks for a listing's next page, shown while there is one. */
export function ShowMore({
  listing,
  label,
  busyLabel,
}: {
  listing: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };
  label: string;
  busyLabel: string;
}) {
  if (!listing.hasNextPage) return null;
  return (
    <button type="button" className="secondary" disabled={listing.isFetchingNextPage} onClick={() => void listing.fetchNextPage()}>
      {listing.isFetchingNextPage ? busyLabel : label}
    </button>
  );
}
