import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { useExpectedOrganization } from '../session/hooks';

/** The assets the asset filter offers and the advisory drill-down names: the newest, one page. */
export const ASSET_CHOICES = 200;

/** The organization's newest assets (their references by id), shared by the filter and the drill-down. */
export function useAssetChoices() {
  const organization = useExpectedOrganization();
  return useQuery({
    queryKey: ['analytics', organization, 'asset-choices'],
    queryFn: async () => unwrap(await api.GET('/api/v1/assets', { params: { query: { limit: String(ASSET_CHOICES) } } })),
    select: (page) => ({ references: new Map(page.items.map((asset) => [asset.id, asset.reference])), more: page.has_more }),
  });
}
