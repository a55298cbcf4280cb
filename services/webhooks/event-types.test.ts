import { describe, expect, it } from 'vitest';
import { loadOpenApiDocument } from '../platform/http/openapi-document.js';
import { webhookEventTypes } from './event-types.js';

describe('webhook event types', () => {
  const document = loadOpenApiDocument() as unknown as {
    components: { schemas: { WebhookEventType: { enum: string[] } } };
    'x-webhook-events': { types: Record<string, { description: string }> };
  };

  it('are the same in the registry, in what a subscription may name, and in the documented payload shapes', () => {
    const registered = Object.keys(webhookEventTypes);
    expect(document.components.schemas.WebhookEventType.enum).toEqual(registered);
    expect(Object.keys(document['x-webhook-events'].types)).toEqual(registered);
  });
});
