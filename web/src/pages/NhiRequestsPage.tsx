import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { Pager } from '../components/Pager';
import { Timestamp } from '../components/Timestamp';
import { DecisionButtons } from '../nhi/DecisionButtons';
import { useActiveIdentities } from '../nhi/choices';
import { words } from '../nhi/labels';
import { PersonName } from '../nhi/members';
import { useMayApprove, usePermissions } from '../nhi/permissions';
import { RequestActions, type RequestAction } from '../nhi/RequestActions';
import { ExceptionRequestForm, GrantRequestForm, RemediationRequestForm } from '../nhi/RequestForms';
import { useExpectedOrganization } from '../session/hooks';

/**
 * Grant, policy exception and remediation requests: asked for by one person, approved or
 * rejected by another (separation of duties: the one who asked never decides); withdrawn by
 * the one who asked, revoked or marked done by them or an Organization Admin.
 */
export function NhiRequestsPage() {
  return (
    <>
      <h1>Requests</h1>
      <p>Each request is decided by someone other than the person who asked for it.</p>
      <Grants />
      <Exceptions />
      <Remediations />
    </>
  );
}

function IdentityName({ identityId }: { identityId: string }) {
  const identities = useActiveIdentities();
  const identity = identities.data?.find((candidate) => candidate.id === identityId);
  return (
    <Link to="/nhi/identities/$identityId" params={{ identityId }}>
      {identity ? identity.name : 'the identity'}
    </Link>
  );
}

/** Who the person is to a request, for what the API lets them do to it besides deciding. */
interface Standing {
  asked: boolean;
  organizationAdmin: boolean;
}

/** Withdrawing a pending request is the asker's; revoking an approved one the asker's or an Organization Admin's. */
function withdrawOrRevoke(status: string, standing: Standing, withdraw: () => Promise<unknown>, revoke: () => Promise<unknown>): RequestAction[] {
  if (status === 'pending' && standing.asked) return [{ label: 'Withdraw', run: withdraw }];
  if (status === 'approved' && (standing.asked || standing.organizationAdmin)) return [{ label: 'Revoke', run: revoke }];
  return [];
}

interface Row {
  id: string;
  identityId: string;
  status: string;
  requestedByUserId: string;
  requestedAt: string;
}

/** One kind of request: asking for one, and the list newest first with the decisions of the pending ones. */
function RequestSection<T extends Row>({
  id,
  title,
  noun,
  askLabel,
  form,
  listing,
  describe,
  approve,
  reject,
  actions,
}: {
  id: string;
  title: string;
  /** One request of the kind, as its decision buttons name it. */
  noun: string;
  askLabel: string;
  form: (onDone: () => void) => ReactNode;
  listing: { isPending: boolean; isError: boolean; error: unknown; data?: { items: T[]; next_cursor?: string } };
  describe: (item: T) => ReactNode;
  approve: (item: T) => Promise<unknown>;
  reject: (item: T, reason: string | undefined) => Promise<unknown>;
  /** What else the person may do to the request, beyond deciding it. */
  actions: (item: T, standing: Standing) => RequestAction[];
}) {
  const permissions = usePermissions();
  const queryClient = useQueryClient();
  const organization = useExpectedOrganization();
  const mayApprove = useMayApprove();
  const [asking, setAsking] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [id, organization] });
  const done = () => {
    setAsking(false);
    refresh();
  };
  return (
    <section aria-labelledby={id}>
      <div className="page-title">
        <h2 id={id}>{title}</h2>
        {permissions.can('governance:request') && !asking && (
          <button type="button" onClick={() => setAsking(true)}>
            {askLabel}
          </button>
        )}
      </div>
      {asking && form(done)}
      {listing.isPending && <Loading what={title.toLowerCase()} />}
      {listing.isError && <ErrorMessage error={listing.error} />}
      {listing.data &&
        (listing.data.items.length === 0 ? (
          <p className="empty">None yet.</p>
        ) : (
          <table className="findings labelled">
            <caption className="visually-hidden">{title}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Identity</th>
                <th scope="col">Asked for</th>
                <th scope="col">Status</th>
                <th scope="col">Asked by</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {listing.data.items.map((item) => (
                <tr key={item.id}>
                  <td className="title">
                    <IdentityName identityId={item.identityId} />
                  </td>
                  <td data-label="Asked for" className="reference">
                    {describe(item)}
                  </td>
                  <td data-label="Status">{words(item.status)}</td>
                  <td data-label="Asked by">
                    <PersonName userId={item.requestedByUserId} />, <Timestamp value={item.requestedAt} />
                  </td>
                  <RequestRowActions
                    item={item}
                    what={`${noun} request`}
                    decides={item.status === 'pending' && mayApprove}
                    approve={approve}
                    reject={reject}
                    actions={permissions.can('governance:request') ? actions(item, { asked: item.requestedByUserId === permissions.userId, organizationAdmin: permissions.organizationAdmin }) : []}
                    onDone={refresh}
                  />
                </tr>
              ))}
            </tbody>
          </table>
        ))}
    </section>
  );
}

/** A request's actions cell: the decision when the person may decide it, and whatever else they may do to it. */
function RequestRowActions<T extends Row>({
  item,
  what,
  decides,
  approve,
  reject,
  actions,
  onDone,
}: {
  item: T;
  what: string;
  decides: boolean;
  approve: (item: T) => Promise<unknown>;
  reject: (item: T, reason: string | undefined) => Promise<unknown>;
  actions: RequestAction[];
  onDone: () => void;
}) {
  return (
    <td data-label="Actions">
      {decides && <DecisionButtons what={what} approve={() => approve(item)} reject={(reason) => reject(item, reason)} onDecided={onDone} />}
      <RequestActions what={what} actions={actions} onDone={onDone} />
      {!decides && actions.length === 0 && '—'}
    </td>
  );
}

function usePaged<T>(key: string, fetchPage: (cursor: string | undefined) => Promise<T>) {
  const organization = useExpectedOrganization();
  const [cursor, setCursor] = useState<string>();
  const listing = useQuery({ queryKey: [key, organization, cursor], queryFn: () => fetchPage(cursor) });
  return { listing, cursor, setCursor };
}

function Grants() {
  const { listing, cursor, setCursor } = usePaged('nhi-grants', async (cursor) => unwrap(await api.GET('/nhi/api/v1/grants', { params: { query: { cursor } } })));
  return (
    <>
      <RequestSection
        id="nhi-grants"
        title="Grants"
        noun="grant"
        askLabel="Ask for a grant"
        form={(onDone) => <GrantRequestForm onDone={onDone} />}
        listing={listing}
        describe={(grant) => (
          <>
            {grant.actions.join(', ')} on {grant.resources.join(', ')} until <Timestamp value={grant.endsAt} />
            {grant.inForce && <strong> (in force)</strong>}
            <br />
            <span className="muted">{grant.justification}</span>
          </>
        )}
        approve={async (grant) => unwrap(await api.POST('/nhi/api/v1/grants/{grantId}/approve', { params: { path: { grantId: grant.id } } }))}
        reject={async (grant, reason) => unwrap(await api.POST('/nhi/api/v1/grants/{grantId}/reject', { params: { path: { grantId: grant.id } }, body: reason === undefined ? {} : { reason } }))}
        actions={(grant, standing) => {
          const path = { params: { path: { grantId: grant.id } }, body: {} };
          return withdrawOrRevoke(
            grant.status,
            standing,
            async () => unwrap(await api.POST('/nhi/api/v1/grants/{grantId}/withdraw', path)),
            async () => unwrap(await api.POST('/nhi/api/v1/grants/{grantId}/revoke', path)),
          );
        }}
      />
      <Pager label="Grant pages" cursor={cursor} nextCursor={listing.data?.next_cursor} onPage={setCursor} />
    </>
  );
}

function Exceptions() {
  const { listing, cursor, setCursor } = usePaged('nhi-exceptions', async (cursor) => unwrap(await api.GET('/nhi/api/v1/exceptions', { params: { query: { cursor } } })));
  return (
    <>
      <RequestSection
        id="nhi-exceptions"
        title="Policy exceptions"
        noun="exception"
        askLabel="Ask for an exception"
        form={(onDone) => <ExceptionRequestForm onDone={onDone} />}
        listing={listing}
        describe={(exception) => (
          <>
            No {words(exception.policy)} findings until <Timestamp value={exception.endsAt} />
            {exception.inForce && <strong> (in force)</strong>}
            <br />
            <span className="muted">{exception.reason}</span>
          </>
        )}
        approve={async (exception) => unwrap(await api.POST('/nhi/api/v1/exceptions/{exceptionId}/approve', { params: { path: { exceptionId: exception.id } } }))}
        reject={async (exception, reason) =>
          unwrap(await api.POST('/nhi/api/v1/exceptions/{exceptionId}/reject', { params: { path: { exceptionId: exception.id } }, body: reason === undefined ? {} : { reason } }))
        }
        actions={(exception, standing) => {
          const path = { params: { path: { exceptionId: exception.id } }, body: {} };
          return withdrawOrRevoke(
            exception.status,
            standing,
            async () => unwrap(await api.POST('/nhi/api/v1/exceptions/{exceptionId}/withdraw', path)),
            async () => unwrap(await api.POST('/nhi/api/v1/exceptions/{exceptionId}/revoke', path)),
          );
        }}
      />
      <Pager label="Exception pages" cursor={cursor} nextCursor={listing.data?.next_cursor} onPage={setCursor} />
    </>
  );
}

function Remediations() {
  const { listing, cursor, setCursor } = usePaged('nhi-remediations', async (cursor) => unwrap(await api.GET('/nhi/api/v1/remediations', { params: { query: { cursor } } })));
  return (
    <>
      <RequestSection
        id="nhi-remediations"
        title="Remediations"
        noun="remediation"
        askLabel="Ask for a remediation"
        form={(onDone) => <RemediationRequestForm onDone={onDone} />}
        listing={listing}
        describe={(remediation) => (
          <>
            {words(remediation.action)}
            {remediation.dryRun && ' (dry run)'}
            {remediation.campaign !== null && ' (from a campaign)'}
            <br />
            <span className="muted">{remediation.reason}</span>
            {remediation.failure !== null && <span className="error"> {`${remediation.failure.code}: ${remediation.failure.message}`}</span>}
          </>
        )}
        approve={async (remediation) => unwrap(await api.POST('/nhi/api/v1/remediations/{remediationId}/approve', { params: { path: { remediationId: remediation.id } } }))}
        reject={async (remediation, reason) =>
          unwrap(await api.POST('/nhi/api/v1/remediations/{remediationId}/reject', { params: { path: { remediationId: remediation.id } }, body: reason === undefined ? {} : { reason } }))
        }
        actions={(remediation, standing) => {
          const path = { params: { path: { remediationId: remediation.id } } };
          if (remediation.status === 'pending' && standing.asked) {
            return [{ label: 'Withdraw', run: async () => unwrap(await api.POST('/nhi/api/v1/remediations/{remediationId}/cancel', path)) }];
          }
          // Carried out by a person: marked done with what they did.
          if (remediation.status === 'manual_required' && (standing.asked || standing.organizationAdmin)) {
            return [
              {
                label: 'Mark done',
                note: 'What was done',
                run: async (note) => unwrap(await api.POST('/nhi/api/v1/remediations/{remediationId}/complete', { ...path, body: { note: note ?? '' } })),
              },
            ];
          }
          return [];
        }}
      />
      <Pager label="Remediation pages" cursor={cursor} nextCursor={listing.data?.next_cursor} onPage={setCursor} />
    </>
  );
}
