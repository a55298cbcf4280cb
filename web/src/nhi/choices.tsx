import { useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { useExpectedOrganization } from '../session/hooks';

/** The organization's active identities to choose from (the newest 200: the API's page bound). */
export function useActiveIdentities() {
  const organization = useExpectedOrganization();
  return useQuery({
    queryKey: ['nhi-identities', organization, 'active-choices'],
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/identities', { params: { query: { state: 'active', limit: '200' } } })).items,
  });
}

/** The organization's connectors to choose from (the newest 200: the API's page bound). */
export function useConnectorChoices() {
  const organization = useExpectedOrganization();
  return useQuery({
    queryKey: ['nhi-connectors', organization, 'choices'],
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/connectors', { params: { query: { limit: '200' } } })).items,
  });
}

/** A labelled choice of one active identity. */
export function IdentityPicker({ value, onChange, label = 'Identity' }: { value: string; onChange: (identityId: string) => void; label?: string }) {
  const identities = useActiveIdentities();
  return (
    <label>
      {label}
      <select required value={value} onChange={(event) => onChange(event.target.value)} disabled={!identities.isSuccess}>
        <option value="">{identities.isPending ? 'Loading identities…' : 'Choose an identity'}</option>
        {identities.data?.map((identity) => (
          <option key={identity.id} value={identity.id}>
            {identity.name} ({identity.kind})
          </option>
        ))}
      </select>
    </label>
  );
}
