import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../api/client';
import { forgetSession } from '../session/begin-session';

/** Ends the session on the server (its tokens stop working at once), then here whatever it answered. */
export function SignOutButton() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    await api.POST('/api/v1/auth/logout').catch(() => undefined);
    forgetSession();
    await navigate({ to: '/sign-in' });
  };
  return (
    <button type="button" onClick={() => void signOut()} disabled={busy}>
      Sign out
    </button>
  );
}
