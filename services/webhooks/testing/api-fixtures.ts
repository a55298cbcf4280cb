// Test-only: webhook endpoints and deliveries made through the real routes (and,
// for deliveries, the dispatcher), for the handler and security suites.
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import type { ApiResponse } from '../../../test/support/http-client.js';
import type { TestApp, TestPerson, TestTenant } from '../../../test/support/test-app.js';
import type { WebhookDelivery } from '../delivery-store.js';
import type { WebhookEndpointWithSecret } from '../endpoints.js';
import { dispatch, domainEvent } from './fixtures.js';

/** A destination under a public name (the test app resolves every name to a public address). */
export const destination = (): string => `https://hooks.example.com/${randomUUID()}`;

/** POST /api/v1/webhooks as the person, in the organization they act in. */
export async function registerEndpoint(t: TestApp, person: TestPerson, body: { url?: string; events?: string[] } = {}): Promise<WebhookEndpointWithSecret> {
  const response = await t.call('POST', '/api/v1/webhooks', { token: person.token, body: { url: destination(), events: ['scan.completed'], ...body } });
  if (response.status !== 201) throw new Error(`POST /api/v1/webhooks answered ${response.status}: ${response.raw}`);
  return response.body;
}

/** Dispatches a new domain event of the type to the tenant's endpoints; answers the endpoint's delivery of it. */
export async function deliveryTo(t: TestApp, tenant: TestTenant, endpointId: string, type = 'scan.completed'): Promise<WebhookDelivery> {
  const event = domainEvent(tenant.id, type, { scan_id: randomUUID() });
  await dispatch(t.db, () => new Date(), [event]);
  const listed = await t.call('GET', `/api/v1/webhooks/deliveries?endpoint_id=${endpointId}&limit=200`, { token: tenant.owner.token });
  const delivery = (listed.body.deliveries as WebhookDelivery[]).find((d) => d.event_id === event.event_id);
  if (!delivery) throw new Error(`no delivery of ${type} to endpoint ${endpointId}`);
  return delivery;
}

/**
 * The other tenant's request for the owner's resource answers exactly like one
 * for an id that does not exist (404, same bytes), and changes nothing the
 * owner can see.
 */
export async function expectForeignAnsweredAsMissing(
  t: TestApp,
  tenants: { owner: TestTenant; other: TestTenant },
  request: (token: string, id: string) => Promise<ApiResponse>,
  ownedId: string,
): Promise<void> {
  const before = await t.snapshot(tenants.owner);
  const foreign = await request(tenants.other.owner.token, ownedId);
  const missing = await request(tenants.other.owner.token, randomUUID());
  expect(foreign.status).toBe(404);
  expect(foreign.raw).toBe(missing.raw);
  expect(await t.snapshot(tenants.owner)).toEqual(before);
}
