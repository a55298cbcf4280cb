import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Timestamp } from '../components/Timestamp';
import { useExpectedOrganization } from '../session/hooks';
import { covers, holds, ROLES, type ActingOrganization, type Role } from './access';

type Member = components['schemas']['Member'];

const ARRIVAL: Record<Member['arrival'], string> = {
  manual: 'Created the organization or added directly',
  invitation: 'Accepted an invitation',
  directory: 'Directory (SCIM)',
  jit: 'Single sign-on, first sign-in',
};

export const membersKey = (organization: string | undefined) => ['members', organization];

/** The roster; with members:manage, role changes and removals within the caller's own role. */
export function MembersSection({ organization, me }: { organization: ActingOrganization; me: string }) {
  const expected = useExpectedOrganization();
  const members = useQuery({ queryKey: membersKey(expected), queryFn: async () => unwrap(await api.GET('/api/v1/members')).members });
  const manages = holds(organization, 'members:manage');

  return (
    <section aria-labelledby="roster">
      <h2 id="roster">Roster</h2>
      {members.isPending && <Loading what="members" />}
      {members.isError && <ErrorMessage error={members.error} />}
      {members.isSuccess && (
        <table className="findings labelled">
          <caption className="visually-hidden">Roster</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Role</th>
              <th scope="col">Arrived by</th>
              <th scope="col">Joined</th>
              {manages && <th scope="col">Actions</th>}
            </tr>
          </thead>
          <tbody>
            {members.data.map((member) => (
              <MemberRow key={member.user_id} member={member} actor={organization.role} manages={manages} isMe={member.user_id === me} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function MemberRow({ member, actor, manages, isMe }: { member: Member; actor: Role; manages: boolean; isMe: boolean }) {
  const expected = useExpectedOrganization();
  const queryClient = useQueryClient();
  const [role, setRole] = useState<Role>(member.role);
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: membersKey(expected) }), queryClient.invalidateQueries({ queryKey: ['me', expected] })]);
  const change = useMutation({
    mutationFn: async (next: Role) => unwrap(await api.PATCH('/api/v1/members/{userId}', { params: { path: { userId: member.user_id } }, body: { role: next } })),
    onSuccess: refresh,
    onError: () => setRole(member.role),
  });
  const remove = useMutation({
    mutationFn: async () => unwrap(await api.DELETE('/api/v1/members/{userId}', { params: { path: { userId: member.user_id } } })),
    onSuccess: refresh,
  });
  // Changing or removing a member needs every permission of their role and of the new one.
  const changeable = manages && covers(actor, member.role);
  const who = member.name || member.email;
  return (
    <tr>
      <td className="title" data-label="Name">
        {member.name}
        {isMe && <span className="tag">you</span>}
      </td>
      <td data-label="Email">{member.email}</td>
      <td data-label="Role">
        {changeable ? (
          <select
            aria-label={`Role of ${who}`}
            value={role}
            disabled={change.isPending}
            onChange={(event) => {
              const next = event.target.value as Role;
              setRole(next);
              change.mutate(next);
            }}
          >
            {ROLES.filter((option) => covers(actor, option)).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        ) : (
          member.role
        )}
        {change.isError && <ErrorMessage error={change.error} />}
      </td>
      <td data-label="Arrived by">
        {ARRIVAL[member.arrival]}
        {member.directory_sourced && <span className="tag">managed by your directory</span>}
      </td>
      <td data-label="Joined">
        <Timestamp value={member.joined_at} />
      </td>
      {manages && (
        <td data-label="Actions">
          {changeable && !isMe && (
            <button type="button" className="secondary" disabled={remove.isPending} onClick={() => remove.mutate()} aria-label={`Remove ${who}`}>
              Remove
            </button>
          )}
          {remove.isError && <ErrorMessage error={remove.error} />}
        </td>
      )}
    </tr>
  );
}
