import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { FormEnd } from '../nhi/FormEnd';
import { Loading } from '../components/Loading';
import { Pager } from '../components/Pager';
import { Timestamp } from '../components/Timestamp';
import { dayFromNow, endOfDay, words } from '../nhi/labels';
import { PersonName, useMembers } from '../nhi/members';
import { usePermissions } from '../nhi/permissions';
import { useExpectedOrganization } from '../session/hooks';

type Authority = 'approving' | 'reviewing';

/** Delegations of approving or reviewing to another member for a period, and their revocation. */
export function NhiDelegationsPage() {
  const organization = useExpectedOrganization();
  const permissions = usePermissions();
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const [cursor, setCursor] = useState<string>();
  const delegations = useQuery({
    queryKey: ['nhi-delegations', organization, cursor],
    queryFn: async () => unwrap(await api.GET('/nhi/api/v1/delegations', { params: { query: { cursor } } })),
  });
  const revoke = useMutation({
    mutationFn: async (delegationId: string) => unwrap(await api.POST('/nhi/api/v1/delegations/{delegationId}/revoke', { params: { path: { delegationId } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['nhi-delegations', organization] }),
  });
  const decide = permissions.can('governance:decide');
  return (
    <>
      <div className="page-title">
        <h1>Delegations</h1>
        {decide && !creating && (
          <button type="button" onClick={() => setCreating(true)}>
            New delegation
          </button>
        )}
      </div>
      <p>A delegation lends your approving (Organization Admins only) or reviewing to another member for a period.</p>
      {creating && (
        <NewDelegationForm
          onDone={() => {
            setCreating(false);
            void queryClient.invalidateQueries({ queryKey: ['nhi-delegations', organization] });
          }}
        />
      )}
      {revoke.isError && <ErrorMessage error={revoke.error} />}
      {delegations.isPending && <Loading what="delegations" />}
      {delegations.isError && <ErrorMessage error={delegations.error} />}
      {delegations.isSuccess &&
        (delegations.data.items.length === 0 ? (
          <p className="empty">No delegations.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Delegations, newest first</caption>
            <thead>
              <tr>
                <th scope="col">From</th>
                <th scope="col">To</th>
                <th scope="col">Authority</th>
                <th scope="col">Period</th>
                <th scope="col">State</th>
                {decide && <th scope="col">Revoke</th>}
              </tr>
            </thead>
            <tbody>
              {delegations.data.items.map((delegation) => (
                <tr key={delegation.id}>
                  <td>
                    <PersonName userId={delegation.delegatorUserId} />
                  </td>
                  <td data-label="To">
                    <PersonName userId={delegation.delegateUserId} />
                  </td>
                  <td data-label="Authority">{delegation.authority.join(', ')}</td>
                  <td data-label="Period">
                    <Timestamp value={delegation.startsAt} /> to <Timestamp value={delegation.endsAt} />
                  </td>
                  <td data-label="State">{words(delegation.state)}</td>
                  {decide && (
                    <td data-label="Revoke">
                      {delegation.state === 'scheduled' || delegation.state === 'in_force' ? (
                        <button type="button" className="secondary" disabled={revoke.isPending} onClick={() => revoke.mutate(delegation.id)}>
                          Revoke
                        </button>
                      ) : (
                        '—'
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      <Pager label="Delegation pages" cursor={cursor} nextCursor={delegations.data?.next_cursor} onPage={setCursor} />
    </>
  );
}

function NewDelegationForm({ onDone }: { onDone: () => void }) {
  const members = useMembers();
  const { organizationAdmin, userId } = usePermissions();
  // Approving is an Organization Admin's own authority: only they lend it.
  const delegable: Authority[] = organizationAdmin ? ['approving', 'reviewing'] : ['reviewing'];
  const [delegate, setDelegate] = useState('');
  const [authority, setAuthority] = useState<Authority[]>(['reviewing']);
  const [ends, setEnds] = useState(dayFromNow(14));
  const [reason, setReason] = useState('');
  const create = useMutation({
    mutationFn: async () =>
      unwrap(await api.POST('/nhi/api/v1/delegations', { body: { delegateUserId: delegate, authority, endsAt: endOfDay(ends), ...(reason.trim() === '' ? {} : { reason: reason.trim() }) } })),
    onSuccess: onDone,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const toggle = (value: Authority, on: boolean) => setAuthority((current) => (on ? [...current, value] : current.filter((item) => item !== value)));
  return (
    <form className="form" onSubmit={submit} aria-label="New delegation">
      <label>
        Delegate
        <select required value={delegate} onChange={(event) => setDelegate(event.target.value)}>
          <option value="">Choose a member</option>
          {members.data?.filter((member) => member.user_id !== userId).map((member) => (
            <option key={member.user_id} value={member.user_id}>
              {member.name} ({member.email})
            </option>
          ))}
        </select>
      </label>
      <fieldset className="choice">
        <legend>Authority</legend>
        {delegable.map((value) => (
          <label key={value}>
            <input type="checkbox" checked={authority.includes(value)} onChange={(event) => toggle(value, event.target.checked)} />
            {value}
          </label>
        ))}
      </fieldset>
      <label>
        Ends on (at most 90 days)
        <input type="date" required min={dayFromNow(0)} value={ends} onChange={(event) => setEnds(event.target.value)} />
      </label>
      <label>
        Reason (optional)
        <input maxLength={2000} value={reason} onChange={(event) => setReason(event.target.value)} />
      </label>
      <FormEnd mutation={create} submitLabel="Delegate" ready={authority.length > 0} onCancel={onDone} />
    </form>
  );
}
