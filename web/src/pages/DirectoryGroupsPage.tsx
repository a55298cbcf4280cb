import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Timestamp } from '../components/Timestamp';
import { useExpectedOrganization } from '../session/hooks';
import { holds } from '../admin/access';
import { Permitted } from '../admin/Permitted';

type Group = components['schemas']['DirectoryGroup'];
type MappedRole = components['schemas']['MappedRole'];
const MAPPABLE: readonly NonNullable<MappedRole>[] = ['admin', 'analyst', 'viewer'];
const groupsKey = (organization: string | undefined) => ['directory-groups', organization];

/** Groups the directory pushed or SSO assertions named, and the role each confers. */
export function DirectoryGroupsPage() {
  return (
    <Permitted permission="identity:read" title="Directory groups">
      {(me) => <Groups manages={holds(me.acting_organization, 'identity:manage')} />}
    </Permitted>
  );
}

function Groups({ manages }: { manages: boolean }) {
  const expected = useExpectedOrganization();
  const groups = useQuery({
    queryKey: groupsKey(expected),
    queryFn: async () => unwrap(await api.GET('/api/v1/identity/groups', { params: { query: { limit: '200' } } })),
  });
  return (
    <>
      <p>
        A group appears once your directory pushes it or a single sign-on names it, and confers nothing until it is mapped to a role. Mapping applies at once to the
        members the directory or single sign-on brought; owners and invited members keep their roles.
      </p>
      {groups.isPending && <Loading what="directory groups" />}
      {groups.isError && <ErrorMessage error={groups.error} />}
      {groups.isSuccess &&
        (groups.data.items.length === 0 ? (
          <p className="empty">No directory groups yet.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Directory groups</caption>
            <thead>
              <tr>
                <th scope="col">Group</th>
                <th scope="col">Source</th>
                <th scope="col">Members</th>
                <th scope="col">Role it confers</th>
                <th scope="col">Mapped</th>
              </tr>
            </thead>
            <tbody>
              {groups.data.items.map((group) => (
                <GroupRow key={group.id} group={group} manages={manages} />
              ))}
            </tbody>
          </table>
        ))}
    </>
  );
}

function GroupRow({ group, manages }: { group: Group; manages: boolean }) {
  const expected = useExpectedOrganization();
  const queryClient = useQueryClient();
  const map = useMutation({
    mutationFn: async (role: MappedRole) => unwrap(await api.PATCH('/api/v1/identity/groups/{id}', { params: { path: { id: group.id } }, body: { role } })),
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: groupsKey(expected) }), queryClient.invalidateQueries({ queryKey: ['members', expected] })]),
  });
  return (
    <tr>
      <td className="title" data-label="Group">
        {group.name}
      </td>
      <td data-label="Source">{group.source === 'scim' ? 'Directory (SCIM)' : 'Single sign-on'}</td>
      <td data-label="Members">{group.member_count}</td>
      <td data-label="Role it confers">
        {manages ? (
          <select
            aria-label={`Role the group ${group.name} confers`}
            value={group.role ?? ''}
            disabled={map.isPending}
            onChange={(event) => map.mutate(event.target.value === '' ? null : (event.target.value as MappedRole))}
          >
            <option value="">none</option>
            {MAPPABLE.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </select>
        ) : (
          (group.role ?? 'none')
        )}
        {map.isError && <ErrorMessage error={map.error} />}
      </td>
      <td data-label="Mapped">
        <Timestamp value={group.mapped_at} />
      </td>
    </tr>
  );
}
