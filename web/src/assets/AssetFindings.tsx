import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Pager } from '../components/Pager';
import { FindingsTable } from '../findings/FindingsTable';
import { useExpectedOrganization } from '../session/hooks';

const PAGE_SIZE = 20;

/** The asset's findings, worst first, a page at a time. */
export function AssetFindings({ assetId }: { assetId: string }) {
  const organization = useExpectedOrganization();
  const [cursor, setCursor] = useState<string>();
  const findings = useQuery({
    queryKey: ['asset-findings', organization, assetId, cursor],
    staleTime: 0,
    queryFn: async () => unwrap(await api.GET('/api/v1/assets/{id}/findings', { params: { path: { id: assetId }, query: { cursor, limit: String(PAGE_SIZE) } } })),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === organization ? previous : undefined),
  });
  return (
    <section aria-labelledby="asset-findings">
      <h2 id="asset-findings">Findings</h2>
      {findings.isPending && <Loading what="findings" />}
      {findings.isError && <ErrorMessage error={findings.error} />}
      {findings.isSuccess && (
        <div aria-busy={findings.isFetching}>
          <p className="total">
            {findings.data.total.toLocaleString()} {findings.data.total === 1 ? 'finding' : 'findings'}
          </p>
          {findings.data.items.length === 0 ? <p className="empty">No findings on this asset.</p> : <FindingsTable findings={findings.data.items} />}
          <Pager label="Pages of findings" cursor={cursor} nextCursor={findings.data.next_cursor} onPage={setCursor} />
        </div>
      )}
    </section>
  );
}
