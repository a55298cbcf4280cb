// The asset list's view as URL search parameters: which assets (in use, all, archived; of one kind or both)
// and the cursor of the page shown, so a reload or a shared link shows the same page.
export const ARCHIVED_FILTERS = ['exclude', 'include', 'only'] as const;
export type ArchivedFilter = (typeof ARCHIVED_FILTERS)[number];

export const KIND_FILTERS = ['image', 'software'] as const;
export type KindFilter = (typeof KIND_FILTERS)[number];

export interface AssetsSearch {
  archived?: ArchivedFilter;
  /** Images or named software only; both when absent. */
  kind?: KindFilter;
  cursor?: string;
}

export function parseAssetsSearch(search: Record<string, unknown>): AssetsSearch {
  return {
    archived: ARCHIVED_FILTERS.find((filter) => filter === search.archived && filter !== 'exclude'),
    kind: KIND_FILTERS.find((filter) => filter === search.kind),
    cursor: typeof search.cursor === 'string' && search.cursor !== '' ? search.cursor : undefined,
  };
}
