import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { authApi } from '../api/auth-client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { beginSession } from '../session/begin-session';

// What a social or single sign-on answers in `error` (services/identity/sso/endpoints.ts, social-login), said for people.
const FAILURES: Record<string, string> = {
  sign_in_expired: 'The sign-in took too long or was already used. Start it again.',
  sign_in_failed: 'The identity provider did not confirm who you are. Start the sign-in again.',
};

// A code works once: the exchange is kept per code, so rendering the page twice (React's
// development checks, a remount) never spends it twice.
const exchanges = new Map<string, Promise<void>>();
const exchange = (code: string) => {
  let pending = exchanges.get(code);
  if (!pending) {
    pending = authApi.POST('/api/v1/auth/exchange', { body: { code } }).then((result) => beginSession(unwrap(result)));
    exchanges.set(code, pending);
  }
  return pending;
};

/**
 * Where social login and single sign-on send the browser back (SIGN_IN_RETURN_URL), with
 * `code` to trade at POST /auth/exchange for a session, or `error`. The page is replaced
 * in history once signed in; the code works once and for 60 seconds anyway.
 */
export function SignInCompletePage({ code, error }: { code?: string; error?: string }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<unknown>();

  useEffect(() => {
    if (!code) return;
    exchange(code).then(
      () => navigate({ to: '/findings', replace: true }),
      (reason: unknown) => setFailure(reason),
    );
  }, [code, navigate]);

  if (error || (!code && !failure)) {
    return (
      <>
        <h1>Sign-in not completed</h1>
        <p className="error" role="alert">
          {(error && FAILURES[error]) ?? `The sign-in did not complete${error ? ` (${error})` : ''}.`}
        </p>
        <p>
          <Link to="/sign-in">Back to sign-in</Link>
        </p>
      </>
    );
  }
  if (failure) {
    return (
      <>
        <h1>Sign-in not completed</h1>
        <ErrorMessage error={failure} />
        <p>
          <Link to="/sign-in">Back to sign-in</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Signing you in</h1>
      <Loading what="your session" />
    </>
  );
}
