import { Link } from '@tanstack/react-router';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { authApi } from '../api/auth-client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { useAfterSignIn } from '../session/after-sign-in';
import { beginSession } from '../session/begin-session';

/**
 * Creates an account with its personal organization and signs in (201). An address an
 * organization's directory created is answered 202 instead: the account is claimed
 * through the verification mail, so the page says to look for it. With `invitation` (the
 * token of an invitation link), the new person goes on to accept it.
 */
export function SignUpPage({ invitation }: { invitation?: string }) {
  const afterSignIn = useAfterSignIn(invitation);
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const signUp = useMutation({
    mutationFn: async () => {
      const answer = unwrap(await authApi.POST('/api/v1/auth/signup', { body: { name, email, password } }));
      // 201 answers the session's tokens, 202 the address the claiming mail went to.
      if (!('access_token' in answer)) return { mailSentTo: answer.email };
      await beginSession(answer);
      return { mailSentTo: undefined };
    },
    onSuccess: ({ mailSentTo }) => {
      if (mailSentTo === undefined) void afterSignIn();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signUp.mutate();
  };

  if (signUp.data?.mailSentTo) {
    return (
      <>
        <h1>Check your mail</h1>
        <p>We sent a link to {signUp.data.mailSentTo}. Open it to verify the address and finish creating your account.</p>
      </>
    );
  }
  return (
    <>
      <h1>Create an account</h1>
      <form onSubmit={submit} className="form">
        <label>
          Name
          <input autoComplete="name" required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
        </label>
        <label>
          Email
          <input type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label>
          Password (at least 10 characters)
          <input type="password" autoComplete="new-password" required minLength={10} value={password} onChange={(event) => setPassword(event.target.value)} />
        </label>
        {signUp.isError && <ErrorMessage error={signUp.error} />}
        <button type="submit" disabled={signUp.isPending}>
          {signUp.isPending ? 'Creating…' : 'Create account'}
        </button>
      </form>
      <p>
        Already have an account?{' '}
        <Link to="/sign-in" search={{ invitation }}>
          Sign in
        </Link>
      </p>
    </>
  );
}
