// What an endpoint can subscribe to, and the body every delivery carries.
//
// Webhook event types ARE domain event types (streams/outbox.ts): the dispatcher
// passes an event through unchanged to every endpoint subscribed to its type.
// This registry only bounds what a subscription may name, so a typo is refused
// at registration instead of silently never matching. Payload schemas are in
// api/openapi.yaml (x-webhook-events); event-types.test.ts keeps both equal.
import type { DomainEvent } from '../../streams/outbox.js';

export const webhookEventTypes = {
  'scan.completed': 'A scan finished and its findings were recorded.',
  'scan.failed': 'A scan could not be completed.',
  'verdict.recorded': 'A verdict was evaluated against the enabled policy and recorded.',
  'finding.created': 'A scan observed an issue not seen before on the asset.',
  'finding.status_changed': 'A finding moved to another status: triage, suppression, its expiry, resolution by absence, reopening.',
  'finding.severity_changed': 'A scan saw a finding again with another severity while its status stayed.',
  'webhook_endpoint.disabled': 'An endpoint of the organization was disabled, by a person or automatically after repeated failures.',
  'organization.deletion_scheduled': "An owner scheduled the organization's deletion; any owner can cancel it until it runs.",
  'organization.deletion_cancelled': "An owner cancelled the organization's scheduled deletion.",
} as const satisfies Record<string, string>;

export type WebhookEventType = keyof typeof webhookEventTypes;

export const isWebhookEventType = (value: string): value is WebhookEventType => Object.hasOwn(webhookEventTypes, value);

/**
 * The delivery body: `{ id, type, occurred_at, organization_id, data }`, where id
 * is the domain event id (shared by the deliveries of one event, so receivers
 * can process an event once across endpoints) and data is the event's payload.
 * Rendered once at dispatch and stored, so every attempt sends the same bytes.
 */
export function renderDeliveryBody(event: DomainEvent): string {
  return JSON.stringify({
    id: event.event_id,
    type: event.type,
    occurred_at: new Date(event.occurred_at).toISOString(),
    organization_id: event.org_id,
    data: parsePayload(event.payload),
  });
}

// appendToOutbox always writes JSON. A foreign producer's malformed payload is
// passed on as a string rather than throwing, which would stall the partition.
function parsePayload(payload: string): unknown {
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
}
