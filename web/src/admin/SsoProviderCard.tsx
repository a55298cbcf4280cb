import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { Timestamp } from '../components/Timestamp';
import { useExpectedOrganization } from '../session/hooks';
import { CopyableValue } from './CopyableValue';
import { ssoProvidersKey } from './SsoProviderForm';

type Provider = components['schemas']['SsoProvider'];

/** One provider: what its identity provider's administrator configures, a test sign-in, and its switches. */
export function SsoProviderCard({ provider, manages }: { provider: Provider; manages: boolean }) {
  const expected = useExpectedOrganization();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ssoProvidersKey(expected) });
  const path = { params: { path: { id: provider.id } } };
  const update = useMutation({
    mutationFn: async (patch: { enabled?: boolean; enforced?: boolean }) => unwrap(await api.PATCH('/api/v1/identity/sso/providers/{id}', { ...path, body: patch })),
    onSuccess: refresh,
  });
  const remove = useMutation({ mutationFn: async () => unwrap(await api.DELETE('/api/v1/identity/sso/providers/{id}', path)), onSuccess: refresh });
  const sp = provider.service_provider;
  const heading = `provider-${provider.id}`;

  return (
    <section className="card" aria-labelledby={heading}>
      <h2 id={heading}>
        {provider.name} <span className="tag">{provider.protocol === 'oidc' ? 'OpenID Connect' : 'SAML 2.0'}</span>
        <span className={`state ${provider.enabled ? 'state-completed' : ''}`}>{provider.enabled ? (provider.enforced ? 'Enabled, enforced' : 'Enabled') : 'Disabled'}</span>
      </h2>
      <h3>For the identity provider’s administrator</h3>
      {sp.redirect_uri && <CopyableValue label={`Redirect URI of ${provider.name}`} value={sp.redirect_uri} />}
      {sp.acs_url && <CopyableValue label={`Assertion consumer service URL of ${provider.name}`} value={sp.acs_url} />}
      {sp.entity_id && <CopyableValue label={`Service provider entity id of ${provider.name}`} value={sp.entity_id} />}
      {sp.metadata_url && (
        <p>
          <a href={sp.metadata_url} download>
            Download the service provider metadata of {provider.name}
          </a>
        </p>
      )}
      <h3>Settings</h3>
      <dl className="facts">
        {provider.oidc && (
          <>
            <dt>Issuer</dt>
            <dd>{provider.oidc.issuer}</dd>
            <dt>Client id</dt>
            <dd>{provider.oidc.client_id}</dd>
            <dt>Client secret</dt>
            <dd>{provider.oidc.client_secret_set ? 'Set (never shown)' : 'None: PKCE alone'}</dd>
            <dt>Scopes</dt>
            <dd>{provider.oidc.scopes.join(' ')}</dd>
            <dt>Groups claim</dt>
            <dd>{provider.oidc.groups_claim ?? '—'}</dd>
          </>
        )}
        {provider.saml && (
          <>
            <dt>Identity provider entity id</dt>
            <dd>{provider.saml.idp_entity_id}</dd>
            <dt>Single sign-on URL</dt>
            <dd>{provider.saml.sso_url}</dd>
            <dt>Certificates</dt>
            <dd>
              <ul className="plain">
                {provider.saml.certificates.map((certificate) => (
                  <li key={certificate.sha256_fingerprint}>
                    {certificate.subject}, until <Timestamp value={certificate.not_after} /> (SHA-256 <code>{certificate.sha256_fingerprint}</code>)
                  </li>
                ))}
              </ul>
            </dd>
          </>
        )}
        <dt>First sign-in</dt>
        <dd>{provider.jit_provisioning ? `Admitted as ${provider.default_role}` : 'Only people who are members already'}</dd>
      </dl>
      <h3>Test sign-in</h3>
      <p>
        Open this address in a private window or another browser and sign in as a person of a verified domain: signing in here would replace your own session in
        this browser.
      </p>
      <CopyableValue label={`Test sign-in address of ${provider.name}`} value={sp.start_url} />
      <h3>Enforcement</h3>
      <p>
        Enforced, the provider is the only way in for addresses in your verified domains: password and social sign-ins answer that single sign-on is required, and
        such sessions end at their next renewal. Break-glass: an owner with a second factor can still sign in with password and code, so a broken identity provider
        cannot lock the organization out; every such sign-in is recorded and the other owners and admins are told by mail.
      </p>
      {manages && (
        <div className="actions">
          <button type="button" className="secondary" disabled={update.isPending} onClick={() => update.mutate({ enabled: !provider.enabled })}>
            {provider.enabled ? `Disable ${provider.name}` : `Enable ${provider.name}`}
          </button>
          <button type="button" className="secondary" disabled={update.isPending || !provider.enabled} onClick={() => update.mutate({ enforced: !provider.enforced })}>
            {provider.enforced ? `Stop enforcing ${provider.name}` : `Enforce ${provider.name}`}
          </button>
          <button type="button" className="secondary" disabled={remove.isPending} onClick={() => remove.mutate()}>
            Remove {provider.name}
          </button>
        </div>
      )}
      {update.isError && <ErrorMessage error={update.error} />}
      {remove.isError && <ErrorMessage error={remove.error} />}
    </section>
  );
}
