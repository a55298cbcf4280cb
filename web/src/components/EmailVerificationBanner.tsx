import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { useExpectedOrganization } from '../session/hooks';
import { ErrorMessage } from './ErrorMessage';

/**
 * Asks a person whose address is not verified yet to verify it, and sends the mail whose
 * link opens /verify-email. Nothing shows once the address is verified.
 */
export function EmailVerificationBanner() {
  const organization = useExpectedOrganization();
  const me = useQuery({
    queryKey: ['me', organization],
    queryFn: async () => unwrap(await api.GET('/api/v1/me')),
  });
  const send = useMutation({
    mutationFn: async () => unwrap(await api.POST('/api/v1/me/email-verification')),
  });

  // The page works without it: a failure to learn the address's state shows no banner.
  if (!me.data || me.data.email_verified) return null;
  return (
    <div className="notice" role="region" aria-label="Email verification">
      {send.isSuccess ? (
        <p role="status">We sent a link to {send.data.email}. Open it to verify your address.</p>
      ) : (
        <>
          <p>Your address {me.data.email} is not verified yet.</p>
          <button type="button" onClick={() => send.mutate()} disabled={send.isPending}>
            Send verification mail
          </button>
        </>
      )}
      {send.isError && <ErrorMessage error={send.error} />}
    </div>
  );
}
