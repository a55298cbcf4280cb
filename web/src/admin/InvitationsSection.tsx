import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Timestamp } from '../components/Timestamp';
import { useExpectedOrganization } from '../session/hooks';
import { covers, type ActingOrganization } from './access';
import { ShownOnce } from './CopyableValue';
import { membersKey } from './MembersSection';

type InvitedRole = components['schemas']['InvitedRole'];
const INVITED_ROLES: readonly InvitedRole[] = ['admin', 'analyst', 'viewer'];

/**
 * Invitations, with the seats they and the members hold: an invitation holds one while it
 * can be redeemed. The service mails nothing; the link is shown once, to hand over.
 */
export function InvitationsSection({ organization }: { organization: ActingOrganization }) {
  const expected = useExpectedOrganization();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitedRole>('analyst');
  const invitations = useQuery({ queryKey: ['invitations', expected], queryFn: async () => unwrap(await api.GET('/api/v1/invitations')).invitations });
  const members = useQuery({ queryKey: membersKey(expected), queryFn: async () => unwrap(await api.GET('/api/v1/members')).members });
  const invite = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/invitations', { body: { email: email.trim(), role } })),
    onSuccess: () => {
      setEmail('');
      return queryClient.invalidateQueries({ queryKey: ['invitations', expected] });
    },
  });
  const withdraw = useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/api/v1/invitations/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['invitations', expected] }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };

  const seats = organization.plan.seats;
  const held = members.isSuccess && invitations.isSuccess ? members.data.length + invitations.data.filter((invitation) => invitation.state === 'issued').length : undefined;

  return (
    <section aria-labelledby="invitations">
      <h2 id="invitations">Invitations</h2>
      {held !== undefined && (
        <p id="seats">
          {seats === null
            ? `${held} seats used; the ${organization.plan.name} plan has no limit.`
            : `${held} of ${seats} seats used, ${Math.max(seats - held, 0)} left on the ${organization.plan.name} plan.`}
        </p>
      )}
      {invite.data ? (
        <ShownOnce label="Invitation link" value={`${window.location.origin}/accept-invitation?token=${invite.data.token}`} onDone={() => invite.reset()}>
          Send it to {invite.data.email} yourself: the service sends no mail. It admits only that address, as {invite.data.role}, until <Timestamp value={invite.data.expires_at} />.
        </ShownOnce>
      ) : (
        <form className="form inline-form" onSubmit={submit} aria-label="Invite someone">
          <label>
            Email address to invite
            <input type="email" required maxLength={254} value={email} onChange={(event) => setEmail(event.target.value)} />
          </label>
          <label>
            Invited role
            <select value={role} onChange={(event) => setRole(event.target.value as InvitedRole)}>
              {INVITED_ROLES.filter((option) => covers(organization.role, option)).map((option) => (
                <option key={option} value={option}>
                  {option}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" disabled={invite.isPending}>
            {invite.isPending ? 'Inviting…' : 'Invite'}
          </button>
          {invite.isError && <ErrorMessage error={invite.error} />}
        </form>
      )}
      {invitations.isPending && <Loading what="invitations" />}
      {invitations.isError && <ErrorMessage error={invitations.error} />}
      {invitations.isSuccess &&
        (invitations.data.length === 0 ? (
          <p className="empty">No invitations yet.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Invitations</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">State</th>
                <th scope="col">Expires</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {invitations.data.map((invitation) => (
                <tr key={invitation.id}>
                  <td className="title" data-label="Email">
                    {invitation.email}
                  </td>
                  <td data-label="Role">{invitation.role}</td>
                  <td data-label="State">{invitation.state}</td>
                  <td data-label="Expires">
                    <Timestamp value={invitation.expires_at} />
                  </td>
                  <td data-label="Actions">
                    {invitation.state === 'issued' && (
                      <button type="button" className="secondary" disabled={withdraw.isPending} onClick={() => withdraw.mutate(invitation.id)} aria-label={`Withdraw the invitation of ${invitation.email}`}>
                        Withdraw
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      {withdraw.isError && <ErrorMessage error={withdraw.error} />}
    </section>
  );
}
