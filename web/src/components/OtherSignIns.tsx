import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { authApi } from '../api/auth-client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from './ErrorMessage';

const SOCIAL_NAMES: Record<string, string> = { github: 'GitHub', google: 'Google' };
const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The sign-ins that leave for an identity provider: single sign-on, found by the domain
 * of the address typed above (POST /auth/sso/discover; one provider is gone to at once,
 * several are offered), and a button for each social login provider the deployment
 * configured. `ssoRequired` is the last password sign-in answered sso_required: its
 * address's provider is looked up as the button would.
 */
export function OtherSignIns({ email, ssoRequired }: { email: string; ssoRequired?: { email: string } }) {
  const [hint, setHint] = useState<string>();
  const social = useQuery({
    queryKey: ['social-providers'],
    queryFn: async () => unwrap(await authApi.GET('/api/v1/auth/social/providers')).providers,
  });
  const sso = useMutation({
    mutationFn: async (address: string) => unwrap(await authApi.POST('/api/v1/auth/sso/discover', { body: { email: address } })),
    onSuccess: ({ providers }) => {
      if (providers.length === 1) window.location.assign(providers[0]!.start_url);
    },
  });
  const { mutate: discover } = sso;
  const startSso = (address: string) => {
    if (!EMAIL.test(address)) {
      setHint('Enter your work email address above, then choose Continue with SSO.');
      return;
    }
    setHint(undefined);
    discover(address);
  };
  useEffect(() => {
    if (ssoRequired) discover(ssoRequired.email);
  }, [ssoRequired, discover]);

  const found = sso.data?.providers;
  const domain = sso.variables?.split('@')[1];
  return (
    <section className="other-sign-ins" aria-labelledby="other-sign-ins">
      <h2 id="other-sign-ins">Or continue with</h2>
      <button type="button" className="secondary" onClick={() => startSso(email)} disabled={sso.isPending}>
        {sso.isPending ? 'Looking up single sign-on…' : 'Continue with SSO'}
      </button>
      {hint && <p role="status">{hint}</p>}
      {sso.isError && <ErrorMessage error={sso.error} />}
      {found?.length === 0 && <p role="status">No single sign-on is set up for {domain}. Sign in with your password or another way.</p>}
      {found?.length === 1 && <p role="status">Taking you to {found[0]!.name}…</p>}
      {found && found.length > 1 && (
        <ul className="sign-in-links" aria-label="Your organization's identity providers">
          {found.map((provider) => (
            <li key={provider.id}>
              <a className="button-link" href={provider.start_url}>
                Continue with {provider.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      {social.isPending && <p className="loading">Loading other sign-in options…</p>}
      {social.isError && <ErrorMessage error={social.error} />}
      {social.data && social.data.length > 0 && (
        <ul className="sign-in-links" aria-label="Social sign-in">
          {social.data.map((provider) => (
            <li key={provider.name}>
              <a className="button-link" href={provider.start_url}>
                Continue with {SOCIAL_NAMES[provider.name] ?? provider.name}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
