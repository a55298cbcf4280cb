import { useQuery } from '@tanstack/react-query';
import { useExpectedOrganization } from '../session/hooks';

/**
 * One analytics answer, cached under the acting organization (another organization's view is
 * never shown from the cache) and the parameters asked for. While new parameters load, the
 * chart of the previous ones stays, marked busy, but never another organization's.
 */
export function useAnalyticsView<T>(view: string, parameters: object, load: () => Promise<T>) {
  const organization = useExpectedOrganization();
  return useQuery({
    queryKey: ['analytics', organization, view, parameters],
    queryFn: load,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === organization ? previous : undefined),
  });
}
