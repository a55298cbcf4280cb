import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Timestamp } from '../components/Timestamp';
import { holds, type ActingOrganization } from '../admin/access';
import { ShownOnce } from '../admin/CopyableValue';
import { DelegationForm, type Delegation } from '../admin/DelegationFields';
import { useIssued } from '../admin/issued';
import { Permitted } from '../admin/Permitted';
import { RevokeButton } from '../admin/RevokeButton';

const STANDING = {
  active: 'Active: may do all it was granted',
  narrowed: 'Narrowed: its delegator’s role no longer covers every scope',
  suspended: 'Suspended: its delegator left the organization',
  revoked: 'Revoked',
  expired: 'Expired',
} as const;

/** Workloads: scopes a person delegates to a service, never more than that person's role allows at each request. */
export function WorkloadsPage() {
  return (
    <Permitted permission="workloads:read" title="Workloads">
      {(me) => <Workloads organization={me.acting_organization} />}
    </Permitted>
  );
}

function Workloads({ organization }: { organization: ActingOrganization }) {
  const manages = holds(organization, 'workloads:manage');
  const {
    items: workloads,
    issue: create,
    revoke,
  } = useIssued('workloads', {
    list: async () => unwrap(await api.GET('/api/v1/workloads')).workloads,
    issue: async (body: Delegation) => unwrap(await api.POST('/api/v1/workloads', { body })),
    revoke: async (id: string) => unwrap(await api.DELETE('/api/v1/workloads/{id}', { params: { path: { id } } })),
  });

  return (
    <>
      <p>A workload may do what its scopes and its delegator’s current role both allow: a demotion narrows it, and it is suspended when the delegator leaves.</p>
      {manages &&
        (create.data ? (
          <ShownOnce label="Workload credential" value={create.data.credential} onDone={() => create.reset()}>
            The workload sends it as <code>Authorization: Bearer</code>.
          </ShownOnce>
        ) : (
          <DelegationForm
            organization={organization}
            title="Delegate to a new workload"
            nameLabel="Workload name"
            submitLabel="Create the workload"
            busyLabel="Delegating…"
            issue={create}
          />
        ))}
      <h2>Workloads</h2>
      {workloads.isPending && <Loading what="workloads" />}
      {workloads.isError && <ErrorMessage error={workloads.error} />}
      {revoke.isError && <ErrorMessage error={revoke.error} />}
      {workloads.isSuccess &&
        (workloads.data.length === 0 ? (
          <p className="empty">No workloads yet.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">Workloads</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Standing</th>
                <th scope="col">Delegator’s role</th>
                <th scope="col">Delegated scopes</th>
                <th scope="col">May do now</th>
                <th scope="col">Expires</th>
                {manages && <th scope="col">Actions</th>}
              </tr>
            </thead>
            <tbody>
              {workloads.data.map((workload) => (
                <tr key={workload.id}>
                  <td className="title" data-label="Name">
                    {workload.name} <code>{workload.start}</code>
                  </td>
                  <td data-label="Standing">
                    <span className={`state standing-${workload.standing}`}>{STANDING[workload.standing]}</span>
                  </td>
                  <td data-label="Delegator’s role">{workload.delegation.delegator_role ?? 'left the organization'}</td>
                  <td data-label="Delegated scopes">{workload.delegation.scopes.join(', ')}</td>
                  <td data-label="May do now">{workload.delegation.effective_scopes.join(', ') || 'nothing'}</td>
                  <td data-label="Expires">
                    <Timestamp value={workload.expires_at} />
                  </td>
                  {manages && (
                    <td data-label="Actions">
                      {workload.standing !== 'revoked' && (
                        <RevokeButton name={workload.name} busy={revoke.isPending} onRevoke={() => revoke.mutate(workload.id)} />
                      )}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </>
  );
}
