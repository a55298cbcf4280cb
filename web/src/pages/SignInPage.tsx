import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { authApi } from '../api/auth-client';
import { ApiError, unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { OtherSignIns } from '../components/OtherSignIns';
import { beginSession } from '../session/begin-session';
import { useAfterSignIn } from '../session/after-sign-in';

/**
 * Password sign-in. A person with a second factor is answered 401 with rule
 * second_factor_required for the right password alone: the page then asks for the
 * authenticator's code and sends the same request with it. An address whose organization
 * enforces single sign-on is answered sso_required: the page then looks up that
 * organization's identity provider by the address's domain, as "Continue with SSO" does.
 * With `invitation` (the token of an invitation link), the person goes on to accept it.
 */
export function SignInPage({ invitation }: { invitation?: string }) {
  const afterSignIn = useAfterSignIn(invitation);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [totpCode, setTotpCode] = useState('');
  const [needsCode, setNeedsCode] = useState(false);
  const [ssoRequired, setSsoRequired] = useState<{ email: string }>();

  const signIn = useMutation({
    mutationFn: async () => {
      const body = needsCode ? { email, password, totp_code: totpCode } : { email, password };
      await beginSession(unwrap(await authApi.POST('/api/v1/auth/login', { body })));
    },
    onSuccess: afterSignIn,
    onError: (error) => {
      if (error instanceof ApiError && error.rule === 'second_factor_required') setNeedsCode(true);
      if (error instanceof ApiError && error.body.code === 'sso_required') setSsoRequired({ email });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate();
  };
  const askingForCode = signIn.error instanceof ApiError && signIn.error.rule === 'second_factor_required';

  return (
    <>
      <h1>Sign in</h1>
      <form onSubmit={submit} className="form">
        <label>
          Email
          <input type="email" autoComplete="username" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          Password
          <input type="password" autoComplete="current-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
        </label>
        {needsCode && (
          <label>
            Code from your authenticator app
            <input
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              required
              autoFocus
              value={totpCode}
              onChange={(event) => setTotpCode(event.target.value.trim())}
            />
          </label>
        )}
        {signIn.isError && !askingForCode && <ErrorMessage error={signIn.error} />}
        {askingForCode && <p role="status">Enter the 6-digit code your authenticator app shows for this account.</p>}
        <button type="submit" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <OtherSignIns email={email} ssoRequired={ssoRequired} />
      <p>
        New here?{' '}
        <Link to="/sign-up" search={{ invitation }}>
          Create an account
        </Link>
      </p>
    </>
  );
}
