import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../api/client';
import { unwrap } from '../api/api-error';
import { ErrorMessage } from '../components/ErrorMessage';
import { HorizontalScroll } from '../components/HorizontalScroll';
import { useExpectedOrganization } from '../session/hooks';
import { EndpointForm } from './EndpointForm';
import { webhookKeys, type WebhookEndpoint } from './webhook-types';

const stateOf = (endpoint: WebhookEndpoint): string => {
  if (endpoint.enabled) return 'enabled';
  return endpoint.disabled_reason === 'consecutive_failures' ? 'disabled after repeated failures' : 'disabled';
};

/**
 * The organization's endpoints, each with what the API lets a manager do: change its URL and
 * events, rotate its secret (the new one is handed up, shown once), disable or enable it, delete
 * it after a confirmation.
 */
export function EndpointsTable({ endpoints, onRotated }: { endpoints: WebhookEndpoint[]; onRotated: (rotated: { url: string; secret: string }) => void }) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<string | undefined>();
  const [editing, setEditing] = useState<WebhookEndpoint | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['webhooks', organization] });
  const rotate = useMutation({
    mutationFn: async (id: string) => unwrap(await api.POST('/api/v1/webhooks/{id}/rotate', { params: { path: { id } } })),
    onSuccess: (rotated) => {
      onRotated({ url: rotated.url, secret: rotated.secret });
      void refresh();
    },
  });
  const setEnabled = useMutation({
    mutationFn: async ({ id, enabled }: { id: string; enabled: boolean }) => unwrap(await api.PATCH('/api/v1/webhooks/{id}', { params: { path: { id } }, body: { enabled } })),
    onSuccess: () => void refresh(),
  });
  const remove = useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE('/api/v1/webhooks/{id}', { params: { path: { id } } })),
    onSuccess: () => {
      setConfirming(undefined);
      void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(organization) });
      void queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(organization) });
    },
  });
  const failed = [rotate, setEnabled, remove].find((mutation) => mutation.isError);
  const busy = rotate.isPending || setEnabled.isPending || remove.isPending;
  return (
    <>
      {failed && <ErrorMessage error={failed.error} />}
      <HorizontalScroll label="Webhook endpoints">
        <table className="records endpoints">
          <caption className="visually-hidden">Webhook endpoints</caption>
          <thead>
            <tr>
              <th scope="col">URL</th>
              <th scope="col">Events</th>
              <th scope="col">State</th>
              <th scope="col">Failures in a row</th>
              <th scope="col">Previous secret signs until</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {endpoints.map((endpoint) => (
              <tr key={endpoint.id}>
                <td className="url">{endpoint.url}</td>
                <td>
                  <ul className="plain">
                    {endpoint.events.map((event) => (
                      <li key={event}>
                        <code>{event}</code>
                      </li>
                    ))}
                  </ul>
                </td>
                <td>{stateOf(endpoint)}</td>
                <td>{endpoint.consecutive_failures}</td>
                <td>{endpoint.previous_secret_expires_at === null ? '—' : new Date(endpoint.previous_secret_expires_at).toLocaleString()}</td>
                <td>
                  <div className="actions">
                    {confirming === endpoint.id ? (
                      <>
                        <span>Delete this endpoint and its delivery history?</span>
                        <button type="button" className="danger" disabled={busy} onClick={() => remove.mutate(endpoint.id)} aria-label={`Delete ${endpoint.url}: confirmed`}>
                          Delete
                        </button>
                        <button type="button" className="secondary" onClick={() => setConfirming(undefined)}>
                          Keep it
                        </button>
                      </>
                    ) : (
                      <>
                        <button type="button" className="secondary" onClick={() => setEditing(endpoint)} aria-label={`Edit ${endpoint.url}`}>
                          Edit
                        </button>
                        <button type="button" disabled={busy} onClick={() => rotate.mutate(endpoint.id)} aria-label={`Rotate secret of ${endpoint.url}`}>
                          Rotate secret
                        </button>
                        <button
                          type="button"
                          className="secondary"
                          disabled={busy}
                          onClick={() => setEnabled.mutate({ id: endpoint.id, enabled: !endpoint.enabled })}
                          aria-label={`${endpoint.enabled ? 'Disable' : 'Enable'} ${endpoint.url}`}
                        >
                          {endpoint.enabled ? 'Disable' : 'Enable'}
                        </button>
                        <button type="button" className="secondary" onClick={() => setConfirming(endpoint.id)} aria-label={`Delete ${endpoint.url}`}>
                          Delete…
                        </button>
                      </>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </HorizontalScroll>
      {editing && (
        <EndpointForm
          key={editing.id}
          heading={`Edit ${editing.url}`}
          submitLabel="Save changes"
          initial={{ url: editing.url, events: editing.events }}
          save={async (fields) => unwrap(await api.PATCH('/api/v1/webhooks/{id}', { params: { path: { id: editing.id } }, body: fields }))}
          onSaved={() => setEditing(undefined)}
          onCancel={() => setEditing(undefined)}
        />
      )}
    </>
  );
}
