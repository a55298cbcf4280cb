import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { assetLabel } from '../assets/asset-label';
import { unwrap } from '../api/api-error';
import { useExpectedOrganization } from '../session/hooks';

/**
 * An asset by its reference (registry/repository:tag or @digest; a software asset by its name and version). Until the lookup
 * answers, or when it cannot (a person without scans:read, an asset deleted meanwhile),
 * the asset's id stands in: the page around it works either way.
 */
export function AssetReference({ assetId }: { assetId: string }) {
  const organization = useExpectedOrganization();
  const asset = useQuery({
    queryKey: ['asset', organization, assetId],
    queryFn: async () => unwrap(await api.GET('/api/v1/assets/{id}', { params: { path: { id: assetId } } })),
    staleTime: 5 * 60_000,
  });
  return <span className="asset-reference">{asset.data ? assetLabel(asset.data) : assetId}</span>;
}
