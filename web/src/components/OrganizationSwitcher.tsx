import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { errorText, unwrap } from '../api/api-error';
import { setExpectedOrganization } from '../session/acting-organization';
import { useExpectedOrganization } from '../session/hooks';

/**
 * The organization the person acts in, and the others they belong to. Switching sets the
 * acting organization for all their sessions (PUT /me/active-org); the other tabs learn
 * of it from their next request's 409.
 */
export function OrganizationSwitcher() {
  const expected = useExpectedOrganization();
  const organizations = useQuery({
    queryKey: ['organizations', expected],
    queryFn: async () => unwrap(await api.GET('/api/v1/orgs')).organizations,
  });
  const switchTo = useMutation({
    mutationFn: async (orgId: string) => unwrap(await api.PUT('/api/v1/me/active-org', { body: { org_id: orgId } })),
    onSuccess: (organization) => setExpectedOrganization(organization.id),
  });

  if (organizations.isPending) return <span className="switcher">Loading organizations…</span>;
  if (organizations.isError) return <span className="switcher error">{errorText(organizations.error)}</span>;
  return (
    <div className="switcher">
      <label htmlFor="organization">Organization</label>
      <select id="organization" value={expected ?? ''} disabled={switchTo.isPending} onChange={(event) => switchTo.mutate(event.target.value)}>
        {organizations.data.map((organization) => (
          <option key={organization.id} value={organization.id}>
            {organization.name}
          </option>
        ))}
      </select>
      {switchTo.isError && (
        <span className="error" role="alert">
          {errorText(switchTo.error)}
        </span>
      )}
    </div>
  );
}
