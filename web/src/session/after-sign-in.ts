import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * Where a sign-in or sign-up goes on to: the invitation the person came to accept, if
 * any (its link sent them to sign in first), otherwise the inbox. The token stays a
 * search value of our own pages: no address taken from a URL is ever followed.
 */
export function useAfterSignIn(invitation: string | undefined): () => Promise<void> {
  const navigate = useNavigate();
  return useCallback(
    () => (invitation ? navigate({ to: '/accept-invitation', search: { token: invitation } }) : navigate({ to: '/findings' })),
    [invitation, navigate],
  );
}
