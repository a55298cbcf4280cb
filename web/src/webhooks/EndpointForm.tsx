import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../components/ErrorMessage';
import { useExpectedOrganization } from '../session/hooks';
import { EVENT_TYPES, webhookKeys, type WebhookEventType } from './webhook-types';

export interface EndpointFields {
  url: string;
  events: WebhookEventType[];
}

interface EndpointFormProps<Saved> {
  heading: string;
  submitLabel: string;
  /** The endpoint's fields when it is edited; a new endpoint starts empty, and the form empties again once it is added. */
  initial?: EndpointFields;
  save: (fields: EndpointFields) => Promise<Saved>;
  onSaved: (saved: Saved) => void;
  onCancel?: () => void;
}

/** An endpoint's HTTPS URL and the event types it receives, chosen from every type the API offers. */
export function EndpointForm<Saved>({ heading, submitLabel, initial, save, onSaved, onCancel }: EndpointFormProps<Saved>) {
  const organization = useExpectedOrganization();
  const queryClient = useQueryClient();
  const headingId = useId();
  const [url, setUrl] = useState(initial?.url ?? '');
  const [events, setEvents] = useState<Set<WebhookEventType>>(new Set(initial?.events));
  const saving = useMutation({
    mutationFn: () => save({ url, events: [...events] }),
    onSuccess: (saved) => {
      if (!initial) {
        setUrl('');
        setEvents(new Set());
      }
      void queryClient.invalidateQueries({ queryKey: webhookKeys.endpoints(organization) });
      onSaved(saved);
    },
  });
  const toggle = (event: WebhookEventType) =>
    setEvents((chosen) => {
      const next = new Set(chosen);
      if (!next.delete(event)) next.add(event);
      return next;
    });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    saving.mutate();
  };
  return (
    <form className="form endpoint-form" onSubmit={submit} aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <label>
        Endpoint URL (https)
        <input type="url" required pattern="https://.*" maxLength={2048} value={url} onChange={(event) => setUrl(event.target.value)} placeholder="https://hooks.example.com/sentinel" />
      </label>
      <fieldset className="event-types">
        <legend>Events to receive</legend>
        {(Object.keys(EVENT_TYPES) as WebhookEventType[]).map((type) => (
          <label key={type}>
            <input type="checkbox" checked={events.has(type)} onChange={() => toggle(type)} />
            <span>
              <code>{type}</code>: {EVENT_TYPES[type]}
            </span>
          </label>
        ))}
      </fieldset>
      {events.size === 0 && <p className="hint">Choose at least one event.</p>}
      {saving.isError && <ErrorMessage error={saving.error} />}
      <div className="actions">
        <button type="submit" disabled={saving.isPending || events.size === 0}>
          {saving.isPending ? 'Saving…' : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
