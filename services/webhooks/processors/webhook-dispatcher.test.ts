import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../../../test/support/databases.js';
import type { OrgId } from '../../platform/db/database.js';
import { createLogger } from '../../platform/logger.js';
import { createWebhookEndpoints, type CreateEndpointInput, type EndpointManager, type WebhookEndpoints } from '../endpoints.js';
import { renderDeliveryBody } from '../event-types.js';
import { createManager, createOrganization, createTestClock, dispatch, domainEvent, testSecretBox } from '../testing/fixtures.js';
import { createEmbeddedStreamLog } from '../../../streams/log/embedded-stream-log.js';
import { createOutboxRelay } from '../../../streams/outbox-relay.js';
import { appendToOutbox } from '../../../streams/outbox.js';
import { allTopics } from '../../../streams/topics.js';
import { webhookDispatcher } from './webhook-dispatcher.js';
import { systemScope } from '../../platform/tenancy.js';


interface DeliveryRow {
  id: string;
  endpoint_id: string;
  event_id: string;
  event_type: string;
  payload: string;
  status: string;
}

describe.each(databaseProfiles)('webhook dispatcher on $name', ({ create }) => {
  let test: TestDatabase;
  let orgA: OrgId;
  let orgB: OrgId;
  const clock = createTestClock();
  let endpoints: WebhookEndpoints;
  let manager: EndpointManager;

  const deliveriesOfEvent = async (eventId: string) =>
    (await test.db.query<DeliveryRow>('SELECT id, endpoint_id, event_id, event_type, payload, status FROM webhook_deliveries WHERE event_id = $1', [eventId])).rows;
  const endpoint = (orgId: OrgId, eventTypes: CreateEndpointInput['events']) =>
    endpoints.create(orgId, manager, { url: `https://hooks.example.com/${randomUUID()}`, events: eventTypes });

  beforeAll(async () => {
    test = await create();
    orgA = await createOrganization(test.db, 'Org A');
    orgB = await createOrganization(test.db, 'Org B');
    manager = await createManager(test.db);
    endpoints = createWebhookEndpoints({
      db: test.db,
      secretBox: testSecretBox(),
      destinationPolicy: { allowPrivate: false },
      resolve: async () => [{ address: '93.184.216.34', family: 4 }],
      now: clock.now,
    });
  });
  afterAll(() => test.drop());

  it('creates one delivery per enabled, subscribed endpoint of the event’s organization, sharing the event id', async () => {
    const subscribed = await endpoint(orgA, ['finding.status_changed']);
    const alsoSubscribed = await endpoint(orgA, ['scan.completed', 'finding.status_changed']);
    const otherType = await endpoint(orgA, ['scan.completed']);
    const disabled = await endpoint(orgA, ['finding.status_changed']);
    await endpoints.disable(orgA, manager, disabled.id);
    const otherOrganization = await endpoint(orgB, ['finding.status_changed']);

    const event = domainEvent(orgA, 'finding.status_changed', { finding_id: 'f-1', from: 'open', to: 'triaged' });
    await dispatch(test.db, clock.now, [event]);

    const deliveries = await deliveriesOfEvent(event.event_id);
    expect(deliveries.map((d) => d.endpoint_id).sort()).toEqual([subscribed.id, alsoSubscribed.id].sort());
    expect(new Set(deliveries.map((d) => d.id)).size).toBe(2);
    for (const delivery of deliveries) {
      expect(delivery).toMatchObject({ event_type: 'finding.status_changed', status: 'pending', payload: renderDeliveryBody(event) });
    }
    for (const excluded of [otherType, disabled, otherOrganization]) expect(deliveries.map((d) => d.endpoint_id)).not.toContain(excluded.id);
  });

  it('creates nothing twice when the log delivers a batch again, even without the consumed-event record', async () => {
    await endpoint(orgA, ['verdict.recorded']);
    const event = domainEvent(orgA, 'verdict.recorded');
    await dispatch(test.db, clock.now, [event]);
    await dispatch(test.db, clock.now, [event]);
    expect(await deliveriesOfEvent(event.event_id)).toHaveLength(1);

    // The unique (endpoint, event) index is the second line of defence.
    await test.db.query("DELETE FROM consumed_events WHERE consumer_group = 'webhook-dispatcher' AND event_id = $1", [event.event_id]);
    await dispatch(test.db, clock.now, [event]);
    expect(await deliveriesOfEvent(event.event_id)).toHaveLength(1);
  });

  it("pairs each event of a batch of two organizations' events with its own organization's endpoints only, once per event", async () => {
    const mine = await endpoint(orgA, ['finding.severity_changed']);
    const theirs = await endpoint(orgB, ['finding.severity_changed']);
    const [a1, b1, a2] = [domainEvent(orgA, 'finding.severity_changed'), domainEvent(orgB, 'finding.severity_changed'), domainEvent(orgA, 'finding.severity_changed')];
    // a1 twice in one batch: a relay that republished after a crash.
    await dispatch(test.db, clock.now, [a1, b1, a1, a2]);
    for (const event of [a1, a2]) expect((await deliveriesOfEvent(event.event_id)).map((d) => [d.endpoint_id, d.payload])).toEqual([[mine.id, renderDeliveryBody(event)]]);
    expect((await deliveriesOfEvent(b1.event_id)).map((d) => [d.endpoint_id, d.payload])).toEqual([[theirs.id, renderDeliveryBody(b1)]]);
  });

  it('writes nothing for an event no endpoint of its organization subscribes to', async () => {
    await endpoint(orgA, ['organization.deletion_cancelled']);
    const event = domainEvent(orgB, 'organization.deletion_cancelled');
    await dispatch(test.db, clock.now, [event]);
    expect(await deliveriesOfEvent(event.event_id)).toEqual([]);
    const consumed = await test.db.query('SELECT 1 FROM consumed_events WHERE event_id = $1', [event.event_id]);
    expect(consumed.rows).toEqual([]);
  });

  it('applies a batch all or nothing: a failing event leaves the whole batch to be consumed again', async () => {
    await endpoint(orgA, ['scan.failed']);
    const good = domainEvent(orgA, 'scan.failed');
    const broken = { ...domainEvent(orgA, 'scan.failed'), org_id: 'not-an-organization-id' };
    await expect(dispatch(test.db, clock.now, [good, broken])).rejects.toThrow();
    expect(await deliveriesOfEvent(good.event_id)).toEqual([]);
    const consumed = await test.db.query('SELECT 1 FROM consumed_events WHERE event_id = $1', [good.event_id]);
    expect(consumed.rows).toEqual([]);
  });

  it('refuses, for the log to set aside, an event keyed by another organization than it names, delivering it to neither', async () => {
    await endpoint(orgA, ['organization.deletion_scheduled']);
    await endpoint(orgB, ['organization.deletion_scheduled']);
    const event = domainEvent(orgA, 'organization.deletion_scheduled');
    const handling = webhookDispatcher({ db: test.db, now: clock.now }).handle([{ topic: 'domain-events', partition: 0, offset: '0', key: orgB, value: event, headers: {} }]);
    await expect(handling).rejects.toMatchObject({ code: 'unprocessable', retriable: false, message: 'the record names another organization than its key' });
    expect(await deliveriesOfEvent(event.event_id)).toEqual([]);
  });

  it('passes a non-JSON payload on as a string instead of stalling the partition', async () => {
    await endpoint(orgB, ['scan.completed']);
    const event = { ...domainEvent(orgB, 'scan.completed'), payload: 'not json' };
    await dispatch(test.db, clock.now, [event]);
    const [delivery] = await deliveriesOfEvent(event.event_id);
    expect(JSON.parse(delivery!.payload)).toMatchObject({ id: event.event_id, organization_id: orgB, data: 'not json' });
  });

  it('runs as a consumer group of the domain-events topic: outbox → relay → log → deliveries', async () => {
    const subscriber = await endpoint(orgB, ['webhook_endpoint.disabled']);
    const watched = await endpoint(orgB, ['scan.completed']);
    const log = createEmbeddedStreamLog({ db: test.db, partitions: 2 });
    await log.ensureTopics(allTopics);
    const relay = createOutboxRelay(systemScope('relay-outbox'), { db: test.db, log, logger: createLogger('silent'), pollIntervalMs: 20 });
    relay.start();
    const subscription = await log.subscribe(webhookDispatcher({ db: test.db, now: clock.now }));
    try {
      // A real producer: disabling an endpoint announces webhook_endpoint.disabled through the outbox.
      await endpoints.disable(orgB, manager, watched.id);
      const fromOutbox = await test.db.transaction((tx) => appendToOutbox(tx, orgB, { type: 'webhook_endpoint.disabled', actor: { kind: 'system', id: null }, payload: { endpoint_id: 'x' } }));
      const deadline = Date.now() + 20_000;
      while ((await deliveriesOfEvent(fromOutbox.event_id)).length === 0) {
        if (Date.now() > deadline) throw new Error('the event never became a delivery');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      const disabledDeliveries = await test.db.query<DeliveryRow>(
        "SELECT endpoint_id, payload FROM webhook_deliveries WHERE org_id = $1 AND event_type = 'webhook_endpoint.disabled'",
        [orgB],
      );
      expect(disabledDeliveries.rows.every((d) => d.endpoint_id === subscriber.id)).toBe(true);
      const bodies = disabledDeliveries.rows.map((d) => JSON.parse(d.payload) as { data: { endpoint_id: string } });
      expect(bodies.map((b) => b.data.endpoint_id)).toContain(watched.id);
    } finally {
      await subscription.stop();
      await relay.stop();
      await log.close();
    }
  });
});
