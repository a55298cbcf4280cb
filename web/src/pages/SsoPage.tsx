import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { useExpectedOrganization } from '../session/hooks';
import { holds } from '../admin/access';
import { Permitted } from '../admin/Permitted';
import { SsoProviderCard } from '../admin/SsoProviderCard';
import { ssoProvidersKey, SsoProviderForm } from '../admin/SsoProviderForm';

/** The organization's identity providers (OpenID Connect and SAML). */
export function SsoPage() {
  return (
    <Permitted permission="identity:read" title="Single sign-on">
      {(me) => <Providers manages={holds(me.acting_organization, 'identity:manage')} />}
    </Permitted>
  );
}

function Providers({ manages }: { manages: boolean }) {
  const expected = useExpectedOrganization();
  const [adding, setAdding] = useState(false);
  const providers = useQuery({ queryKey: ssoProvidersKey(expected), queryFn: async () => unwrap(await api.GET('/api/v1/identity/sso/providers')).providers });
  return (
    <>
      <p>
        A provider signs people in only for addresses in a <Link to="/settings/domains">verified domain</Link>. People find it on the sign-in page from their
        address.
      </p>
      {manages && !adding && (
        <button type="button" onClick={() => setAdding(true)}>
          Add an identity provider
        </button>
      )}
      {adding && <SsoProviderForm onDone={() => setAdding(false)} />}
      {providers.isPending && <Loading what="identity providers" />}
      {providers.isError && <ErrorMessage error={providers.error} />}
      {providers.isSuccess &&
        (providers.data.length === 0 ? (
          <p className="empty">No identity providers yet.</p>
        ) : (
          providers.data.map((provider) => <SsoProviderCard key={provider.id} provider={provider} manages={manages} />)
        ))}
    </>
  );
}
