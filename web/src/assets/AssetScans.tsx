import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Pager } from '../components/Pager';
import { ScansTable } from '../scans/ScansTable';
import { useExpectedOrganization } from '../session/hooks';

const PAGE_SIZE = 20;

/** The asset's scans and imports, newest first. */
export function AssetScans({ assetId }: { assetId: string }) {
  const organization = useExpectedOrganization();
  const [cursor, setCursor] = useState<string>();
  const scans = useQuery({
    queryKey: ['scans', organization, { assetId, cursor }],
    staleTime: 0,
    queryFn: async () => unwrap(await api.GET('/api/v1/scans', { params: { query: { asset_id: assetId, cursor, limit: String(PAGE_SIZE) } } })),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === organization ? previous : undefined),
  });
  return (
    <section aria-labelledby="asset-scans">
      <h2 id="asset-scans">Scans</h2>
      {scans.isPending && <Loading what="scans" />}
      {scans.isError && <ErrorMessage error={scans.error} />}
      {scans.isSuccess && (
        <div aria-busy={scans.isFetching}>
          {scans.data.items.length === 0 ? <p className="empty">No scans of this asset.</p> : <ScansTable scans={scans.data.items} caption="Scans of this asset" />}
          <Pager label="Pages of scans" cursor={cursor} nextCursor={scans.data.next_cursor} onPage={setCursor} />
        </div>
      )}
    </section>
  );
}
