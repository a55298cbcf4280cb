import { Link, useNavigate } from '@tanstack/react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { setExpectedOrganization } from '../session/acting-organization';
import { useExpectedOrganization, useSignedIn } from '../session/hooks';

/**
 * Where an invitation's link lands (`/accept-invitation?token=...`; the service mails no
 * invitation: whoever invited hands the link or the token over). Signed in, the person
 * accepts it as themselves (POST /invitations/accept admits only the address invited) and
 * may open the organization joined; signed out, they sign in or create an account with
 * the invited address first, and come back here with the token.
 */
export function AcceptInvitationPage({ token }: { token?: string }) {
  const signedIn = useSignedIn();
  const [typed, setTyped] = useState('');
  const invitation = token ?? (typed.trim() || undefined);

  return (
    <>
      <h1>Accept an invitation</h1>
      {!token && (
        <label className="form">
          Invitation code
          <input autoComplete="off" value={typed} onChange={(event) => setTyped(event.target.value)} />
        </label>
      )}
      {signedIn ? (
        invitation && <Acceptance key={invitation} token={invitation} />
      ) : (
        <>
          <p>You were invited to join an organization on Sentinel. Sign in, or create an account with the address the invitation was sent to, to accept it.</p>
          <p className="actions">
            <Link className="button-link" to="/sign-in" search={{ invitation }}>
              Sign in to accept
            </Link>
            <Link className="button-link" to="/sign-up" search={{ invitation }}>
              Create an account
            </Link>
          </p>
        </>
      )}
    </>
  );
}

function Acceptance({ token }: { token: string }) {
  const navigate = useNavigate();
  const expected = useExpectedOrganization();
  const me = useQuery({ queryKey: ['me', expected], queryFn: async () => unwrap(await api.GET('/api/v1/me')) });
  const accept = useMutation({ mutationFn: async () => unwrap(await api.POST('/api/v1/invitations/accept', { body: { token } })) });
  const open = useMutation({
    mutationFn: async (orgId: string) => unwrap(await api.PUT('/api/v1/me/active-org', { body: { org_id: orgId } })),
    onSuccess: async (organization) => {
      setExpectedOrganization(organization.id);
      await navigate({ to: '/findings' });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    accept.mutate();
  };

  if (me.isPending) return <Loading what="your account" />;
  if (me.isError) return <ErrorMessage error={me.error} />;
  if (accept.data) {
    const joined = accept.data;
    return (
      <>
        <p role="status">
          You joined {joined.name} as {joined.role}.
        </p>
        <button type="button" onClick={() => open.mutate(joined.id)} disabled={open.isPending}>
          Open {joined.name}
        </button>
        {open.isError && <ErrorMessage error={open.error} />}
      </>
    );
  }
  return (
    <form onSubmit={submit} className="form">
      <p>You are signed in as {me.data.email}. The invitation admits only the address it was sent to.</p>
      {accept.isError && <ErrorMessage error={accept.error} />}
      <button type="submit" disabled={accept.isPending}>
        {accept.isPending ? 'Accepting…' : 'Accept invitation'}
      </button>
      <Link to="/findings">Not now: back to your findings</Link>
    </form>
  );
}
