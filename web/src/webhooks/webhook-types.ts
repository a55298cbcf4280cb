import type { components } from '../../../api/openapi';

export type WebhookEventType = components['schemas']['WebhookEventType'];
export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookDeliveryStatus = components['schemas']['WebhookDeliveryStatus'];

/**
 * Every event type the API offers, with what it announces. A Record over the API's enum: a type
 * the document adds or drops fails the dashboard's type check until it is listed here.
 */
export const EVENT_TYPES: Record<WebhookEventType, string> = {
  'scan.completed': 'a scan finished',
  'scan.failed': 'a scan failed',
  'verdict.recorded': 'a verdict was recorded',
  'finding.created': 'a finding was created',
  'finding.status_changed': "a finding's status changed",
  'finding.severity_changed': "a finding's severity changed",
  'webhook_endpoint.disabled': 'an endpoint was disabled after repeated failures',
  'organization.deletion_scheduled': "the organization's deletion was scheduled",
  'organization.deletion_cancelled': "the organization's deletion was cancelled",
};

/** Each delivery status, as the log's filter names it. */
export const DELIVERY_STATUSES: Record<WebhookDeliveryStatus, string> = {
  pending: 'pending (waiting for an attempt)',
  delivering: 'delivering (an attempt under way)',
  delivered: 'delivered',
  failed: 'failed (given up)',
};

export const webhookKeys = {
  endpoints: (organization: string | undefined) => ['webhooks', organization, 'endpoints'] as const,
  deliveries: (organization: string | undefined) => ['webhooks', organization, 'deliveries'] as const,
};
