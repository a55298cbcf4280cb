import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { HorizontalScroll } from '../components/HorizontalScroll';
import { Loading } from '../components/Loading';
import { useExpectedOrganization } from '../session/hooks';
import { DELIVERY_STATUSES, webhookKeys, type WebhookDelivery, type WebhookDeliveryStatus, type WebhookEndpoint } from './webhook-types';

const LIMIT = 50;
// Deliveries still pending or under way change within seconds: the log asks again until none is.
const IN_FLIGHT_REFRESH_MS = 2000;
const inFlight = (delivery: WebhookDelivery) => delivery.status === 'pending' || delivery.status === 'delivering';

/** The last attempt's outcome: the receiver's status, how long it took, what went wrong, what the receiver answered. */
function DeliveryResponse({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.attempts === 0) return <>not attempted yet</>;
  return (
    <>
      {delivery.response_status === null ? 'no response' : `HTTP ${delivery.response_status}`}
      {delivery.duration_ms !== null && ` in ${delivery.duration_ms} ms`}
      {delivery.error !== null && <span className="delivery-error">{delivery.error}</span>}
      {/* What the receiver wrote, as characters: the start the service keeps (1,024 bytes). */}
      {delivery.response_body && <pre className="response-body">{delivery.response_body}</pre>}
    </>
  );
}

/** The organization's newest deliveries, by endpoint and status, with a redelivery of any of them. */
export function DeliveriesLog({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const [endpointId, setEndpointId] = useState('');
  const [status, setStatus] = useState<WebhookDeliveryStatus | ''>('');
  const query = { limit: LIMIT, endpoint_id: endpointId || undefined, status: status || undefined };
  const deliveries = useQuery({
    queryKey: [...webhookKeys.deliveries(organization), query],
    queryFn: async () => unwrap(await api.GET('/api/v1/webhooks/deliveries', { params: { query } })),
    refetchInterval: (current) => (current.state.data?.deliveries.some(inFlight) ? IN_FLIGHT_REFRESH_MS : false),
  });
  const redeliver = useMutation({
    mutationFn: async (id: string) => unwrap(await api.POST('/api/v1/webhooks/deliveries/{id}/redeliver', { params: { path: { id } } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(organization) }),
  });
  const urlOf = new Map(endpoints.map((endpoint) => [endpoint.id, endpoint.url]));
  return (
    <section aria-labelledby="deliveries-heading" aria-busy={deliveries.isFetching}>
      <div className="page-title">
        <h2 id="deliveries-heading">Delivery log</h2>
        <button type="button" onClick={() => void deliveries.refetch()} disabled={deliveries.isFetching}>
          {deliveries.isFetching ? 'Refreshing…' : 'Refresh log'}
        </button>
      </div>
      <div className="filters">
        <label>
          Endpoint
          <select value={endpointId} onChange={(event) => setEndpointId(event.target.value)}>
            <option value="">every endpoint</option>
            {endpoints.map((endpoint) => (
              <option key={endpoint.id} value={endpoint.id}>
                {endpoint.url}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select value={status} onChange={(event) => setStatus(event.target.value as WebhookDeliveryStatus | '')}>
            <option value="">any status</option>
            {Object.entries(DELIVERY_STATUSES).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {redeliver.isError && <ErrorMessage error={redeliver.error} />}
      {redeliver.isSuccess && <p role="status">Redelivery queued as a new delivery.</p>}
      {deliveries.isPending && <Loading what="deliveries" />}
      {deliveries.isError && <ErrorMessage error={deliveries.error} />}
      {deliveries.isSuccess &&
        (deliveries.data.deliveries.length === 0 ? (
          <p className="empty">{endpointId || status ? 'No delivery matches these filters.' : 'No deliveries yet. Events your endpoints subscribe to will show here.'}</p>
        ) : (
          <HorizontalScroll label="Deliveries">
            <table className="records deliveries">
              <caption>The newest {deliveries.data.limit} deliveries at most, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">Created</th>
                  <th scope="col">Event</th>
                  <th scope="col">Endpoint</th>
                  <th scope="col">Status</th>
                  <th scope="col">Attempts</th>
                  <th scope="col">Response</th>
                  <th scope="col">Next attempt</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {deliveries.data.deliveries.map((delivery) => (
                  <tr key={delivery.id} data-delivery-id={delivery.id}>
                    <td>
                      <time dateTime={delivery.created_at}>{new Date(delivery.created_at).toLocaleString()}</time>
                      {delivery.redelivery_of !== null && <span className="redelivery">redelivery</span>}
                    </td>
                    <td>
                      <code>{delivery.event_type}</code>
                    </td>
                    <td className="url">{urlOf.get(delivery.endpoint_id) ?? delivery.endpoint_id}</td>
                    <td>
                      <span className={`delivery-status delivery-${delivery.status}`}>{delivery.status}</span>
                    </td>
                    <td>
                      {delivery.attempts} of {delivery.max_attempts}
                    </td>
                    <td className="response">
                      <DeliveryResponse delivery={delivery} />
                    </td>
                    <td>{delivery.next_attempt_at === null ? '—' : new Date(delivery.next_attempt_at).toLocaleString()}</td>
                    <td>
                      <button type="button" className="secondary" disabled={redeliver.isPending} onClick={() => redeliver.mutate(delivery.id)} aria-label={`Redeliver ${delivery.event_type} of ${new Date(delivery.created_at).toLocaleString()}`}>
                        Redeliver
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </HorizontalScroll>
        ))}
    </section>
  );
}
