import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useExpectedOrganization } from '../session/hooks';

/**
 * Credentials the organization issues (API keys, workloads, directory tokens): their list,
 * issuing one (the answer carries its secret, shown once) and revoking one; each change
 * reloads the list. `name` keys the list, with the organization.
 */
export function useIssued<Item, Body, Issued>(
  name: string,
  calls: { list: () => Promise<Item[]>; issue: (body: Body) => Promise<Issued>; revoke: (id: string) => Promise<unknown> },
) {
  const expected = useExpectedOrganization();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [name, expected] });
  const items = useQuery({ queryKey: [name, expected], queryFn: calls.list });
  const issue = useMutation({ mutationFn: calls.issue, onSuccess: refresh });
  const revoke = useMutation({ mutationFn: calls.revoke, onSuccess: refresh });
  return { items, issue, revoke };
}
