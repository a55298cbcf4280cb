import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { Loading } from '../components/Loading';
import { useExpectedOrganization } from '../session/hooks';
import { EndpointForm } from '../webhooks/EndpointForm';
import { DeliveriesLog } from '../webhooks/DeliveriesLog';
import { EndpointsTable } from '../webhooks/EndpointsTable';
import { SecretReveal } from '../webhooks/SecretReveal';
import { webhookKeys } from '../webhooks/webhook-types';

/**
 * The acting organization's webhook endpoints and their delivery log. A secret from a creation
 * or a rotation lives in this page's state only, so a reload or another organization never shows it.
 */
export function WebhooksPage() {
  const organization = useExpectedOrganization();
  const [revealed, setRevealed] = useState<{ url: string; secret: string; organization: string | undefined } | undefined>();
  const endpoints = useQuery({
    queryKey: webhookKeys.endpoints(organization),
    queryFn: async () => unwrap(await api.GET('/api/v1/webhooks')),
  });
  const reveal = (shown: { url: string; secret: string }) => setRevealed({ ...shown, organization });
  return (
    <>
      <div className="page-title">
        <h1>Webhooks</h1>
      </div>
      {revealed && revealed.organization === organization && <SecretReveal secret={revealed.secret} url={revealed.url} onDismiss={() => setRevealed(undefined)} />}
      <section aria-labelledby="endpoints-heading" aria-busy={endpoints.isFetching}>
        <h2 id="endpoints-heading">Endpoints</h2>
        {endpoints.isPending && <Loading what="endpoints" />}
        {endpoints.isError && <ErrorMessage error={endpoints.error} />}
        {endpoints.isSuccess &&
          (endpoints.data.endpoints.length === 0 ? (
            <p className="empty">No endpoints yet. Add one below to receive events.</p>
          ) : (
            <EndpointsTable endpoints={endpoints.data.endpoints} onRotated={reveal} />
          ))}
      </section>
      <EndpointForm
        heading="Add an endpoint"
        submitLabel="Add endpoint"
        save={async (fields) => unwrap(await api.POST('/api/v1/webhooks', { body: fields }))}
        onSaved={(created) => reveal({ url: created.url, secret: created.secret })}
      />
      <DeliveriesLog endpoints={endpoints.data?.endpoints ?? []} />
    </>
  );
}
