import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import type { components } from '../../../api/openapi';
import { ErrorMessage } from '../components/ErrorMessage';
import { useExpectedOrganization } from '../session/hooks';

type Protocol = components['schemas']['SsoProtocol'];
type DefaultRole = components['schemas']['SsoDefaultRole'];
export const ssoProvidersKey = (organization: string | undefined) => ['sso-providers', organization];

/** Words separated by spaces or commas, as a person types a list of scopes. */
const words = (text: string): string[] => text.split(/[\s,]+/).filter((word) => word !== '');
/** Several PEM certificates pasted one after another, each kept whole. */
const certificates = (text: string): string[] => text.match(/-----BEGIN CERTIFICATE-----[\s\S]*?-----END CERTIFICATE-----/g) ?? (text.trim() === '' ? [] : [text.trim()]);
const optional = (text: string): string | undefined => (text.trim() === '' ? undefined : text.trim());

/**
 * A new identity provider. It starts enabled and not enforced: enforcement is turned on
 * from the provider's card once a test sign-in worked.
 */
export function SsoProviderForm({ onDone }: { onDone: () => void }) {
  const expected = useExpectedOrganization();
  const queryClient = useQueryClient();
  const [protocol, setProtocol] = useState<Protocol>('oidc');
  const [name, setName] = useState('');
  const [jit, setJit] = useState(false);
  const [defaultRole, setDefaultRole] = useState<DefaultRole>('viewer');
  const [issuer, setIssuer] = useState('');
  const [clientId, setClientId] = useState('');
  const [clientSecret, setClientSecret] = useState('');
  const [scopes, setScopes] = useState('openid email profile');
  const [groupsClaim, setGroupsClaim] = useState('');
  const [entityId, setEntityId] = useState('');
  const [ssoUrl, setSsoUrl] = useState('');
  const [pem, setPem] = useState('');
  const [emailAttribute, setEmailAttribute] = useState('');

  const create = useMutation({
    mutationFn: async () => {
      const common = { name: name.trim(), jit_provisioning: jit, default_role: defaultRole };
      const body =
        protocol === 'oidc'
          ? {
              ...common,
              protocol,
              oidc: { issuer: issuer.trim(), client_id: clientId.trim(), client_secret: optional(clientSecret), scopes: words(scopes), groups_claim: optional(groupsClaim) },
            }
          : {
              ...common,
              protocol,
              saml: { idp_entity_id: entityId.trim(), sso_url: ssoUrl.trim(), certificates: certificates(pem), email_attribute: optional(emailAttribute), groups_attribute: optional(groupsClaim) },
            };
      // The generated type spells the discriminator with its schema's name ("OidcProviderInput"),
      // not the value the API takes (as for policy conditions, policies/rules.ts).
      return unwrap(await api.POST('/api/v1/identity/sso/providers', { body: body as unknown as components['schemas']['SsoProviderInput'] }));
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ssoProvidersKey(expected) });
      onDone();
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };

  return (
    <form className="form" onSubmit={submit} aria-labelledby="new-provider">
      <h2 id="new-provider">New identity provider</h2>
      <fieldset className="choice">
        <legend>Protocol</legend>
        <label>
          <input type="radio" name="protocol" checked={protocol === 'oidc'} onChange={() => setProtocol('oidc')} />
          OpenID Connect
        </label>
        <label>
          <input type="radio" name="protocol" checked={protocol === 'saml'} onChange={() => setProtocol('saml')} />
          SAML 2.0
        </label>
      </fieldset>
      <label>
        Provider name (shown on the sign-in page)
        <input required maxLength={100} value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      {protocol === 'oidc' ? (
        <>
          <label>
            Issuer
            <input required type="url" maxLength={2048} placeholder="https://login.example.com" value={issuer} onChange={(event) => setIssuer(event.target.value)} />
          </label>
          <label>
            Client id
            <input required maxLength={256} autoComplete="off" value={clientId} onChange={(event) => setClientId(event.target.value)} />
          </label>
          <label>
            Client secret (optional: without one the client uses PKCE alone; never shown again)
            <input type="password" maxLength={1024} autoComplete="new-password" value={clientSecret} onChange={(event) => setClientSecret(event.target.value)} />
          </label>
          <label>
            Scopes
            <input required value={scopes} onChange={(event) => setScopes(event.target.value)} />
          </label>
          <label>
            Groups claim (optional)
            <input maxLength={200} placeholder="groups" value={groupsClaim} onChange={(event) => setGroupsClaim(event.target.value)} />
          </label>
        </>
      ) : (
        <>
          <label>
            Identity provider entity id
            <input required maxLength={1024} value={entityId} onChange={(event) => setEntityId(event.target.value)} />
          </label>
          <label>
            Single sign-on URL (HTTP-Redirect binding)
            <input required type="url" maxLength={2048} value={ssoUrl} onChange={(event) => setSsoUrl(event.target.value)} />
          </label>
          <label>
            Signing certificates (PEM; several while the provider rolls its key over)
            <textarea required rows={5} value={pem} onChange={(event) => setPem(event.target.value)} />
          </label>
          <label>
            Email attribute (optional; default email, mail or the NameID)
            <input maxLength={200} value={emailAttribute} onChange={(event) => setEmailAttribute(event.target.value)} />
          </label>
          <label>
            Groups attribute (optional)
            <input maxLength={200} value={groupsClaim} onChange={(event) => setGroupsClaim(event.target.value)} />
          </label>
        </>
      )}
      <label className="checkbox">
        <input type="checkbox" checked={jit} onChange={(event) => setJit(event.target.checked)} />
        Admit people of your verified domains at their first sign-in (just-in-time), within the plan's seats
      </label>
      <label>
        Role they join with
        <select value={defaultRole} onChange={(event) => setDefaultRole(event.target.value as DefaultRole)}>
          <option value="admin">admin</option>
          <option value="analyst">analyst</option>
          <option value="viewer">viewer</option>
        </select>
      </label>
      {create.isError && <ErrorMessage error={create.error} />}
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : 'Add the provider'}
        </button>
        <button type="button" className="secondary" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}
