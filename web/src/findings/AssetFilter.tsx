import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { useExpectedOrganization } from '../session/hooks';

// The API's largest page: the choice offers the organization's newest assets.
const ASSETS_OFFERED = 200;

/**
 * Chooses one asset, or all. The choices are the newest assets in use; an asset the URL
 * names that is not among them (older, archived, or reached from a finding's page) is
 * offered too, by the reference its own lookup gives.
 */
export function AssetFilter({ assetId, onChange }: { assetId: string | undefined; onChange: (assetId: string | undefined) => void }) {
  const organization = useExpectedOrganization();
  const assets = useQuery({
    queryKey: ['assets', organization, 'newest'],
    queryFn: async () => unwrap(await api.GET('/api/v1/assets', { params: { query: { limit: String(ASSETS_OFFERED) } } })).items,
  });
  const offered = assets.data ?? [];
  const chosenElsewhere = assetId !== undefined && assets.isSuccess && !offered.some((asset) => asset.id === assetId);
  const chosen = useQuery({
    queryKey: ['asset', organization, assetId],
    enabled: chosenElsewhere,
    queryFn: async () => unwrap(await api.GET('/api/v1/assets/{id}', { params: { path: { id: assetId! } } })),
  });
  return (
    <label>
      Asset
      <select value={assetId ?? ''} disabled={assets.isPending} onChange={(event) => onChange(event.target.value === '' ? undefined : event.target.value)}>
        <option value="">{assets.isError ? 'All assets (the list could not be loaded)' : 'All assets'}</option>
        {chosenElsewhere && <option value={assetId}>{chosen.data?.reference ?? assetId}</option>}
        {offered.map((asset) => (
          <option key={asset.id} value={asset.id}>
            {asset.reference}
          </option>
        ))}
      </select>
    </label>
  );
}
