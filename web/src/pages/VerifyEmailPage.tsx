import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { authApi } from '../api/auth-client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';

/**
 * The page the verification mail links to (EMAIL_VERIFICATION_URL, `token` in its query).
 * It confirms on a click rather than on load: a mail scanner opening the link does not
 * spend the token, and the person sees what they confirm. An account a directory created
 * is claimed here with the password its sign-up chose.
 */
export function VerifyEmailPage({ token }: { token?: string }) {
  const [password, setPassword] = useState('');
  const verify = useMutation({
    mutationFn: async () =>
      unwrap(await authApi.POST('/api/v1/auth/email-verification', { body: password ? { token: token ?? '', password } : { token: token ?? '' } })),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate();
  };

  if (!token) {
    return (
      <>
        <h1>Verify your email address</h1>
        <p className="error" role="alert">
          This link has no verification token. Open the link from the mail again, or ask for a new mail.
        </p>
      </>
    );
  }
  if (verify.isSuccess) {
    return (
      <>
        <h1>Address verified</h1>
        <p role="status">{verify.data.email} is verified.</p>
        <p>
          <Link to="/sign-in">Sign in</Link>
        </p>
      </>
    );
  }
  return (
    <>
      <h1>Verify your email address</h1>
      <form onSubmit={submit} className="form">
        <label>
          Password (only when your organization created the account and you chose one at sign-up)
          <input type="password" autoComplete="new-password" value={password} onChange={(event) => setPassword(event.target.value)} />
        </label>
        {verify.isError && <ErrorMessage error={verify.error} />}
        <button type="submit" disabled={verify.isPending}>
          {verify.isPending ? 'Verifying…' : 'Verify my address'}
        </button>
      </form>
    </>
  );
}
