import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../../test/support/databases.js';
import { listIdentityEvents } from '../platform/audit/testing/identity-events.js';
import type { OrgId } from '../platform/db/database.js';
import { AppError, toHttpError } from '../platform/errors.js';
import { DEFAULT_AUTO_DISABLE } from './delivery-schedule.js';
import type { ResolveAll } from '../platform/egress/destination-policy.js';
import { createWebhookEndpoints, MAX_ENDPOINTS_PER_ORGANIZATION, recordEndpointFailure, type CreateEndpointInput, type EndpointManager, type WebhookEndpoints } from './endpoints.js';
import { activeSigningSecrets, ROTATION_OVERLAP_MS } from './signing-secrets.js';
import { createManager, createOrganization, createTestClock, dispatch, domainEvent, testSecretBox } from './testing/fixtures.js';

// Registration resolves through this table, never through real DNS.
const resolve: ResolveAll = async (hostname) => {
  if (hostname === 'metadata-alias.example.com') return [{ address: '169.254.169.254', family: 4 }];
  if (hostname === 'mixed.example.com') return [{ address: '93.184.216.34', family: 4 }, { address: '10.1.2.3', family: 4 }];
  if (hostname === 'nowhere.example.com') throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
  return [{ address: '93.184.216.34', family: 4 }];
};

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`expected an AppError, got ${String(error)}`);
  return error;
}

describe.each(databaseProfiles)('webhook endpoints on $name', ({ create }) => {
  let test: TestDatabase;
  let orgA: OrgId;
  let orgB: OrgId;
  const clock = createTestClock();
  const box = testSecretBox();
  let endpoints: WebhookEndpoints;
  let alice: EndpointManager;
  let bob: EndpointManager;

  const outboxOf = async (orgId: OrgId) =>
    (await test.db.query<{ type: string; payload: string }>("SELECT value->>'type' AS type, value->>'payload' AS payload FROM outbox_events WHERE org_id = $1 ORDER BY seq", [orgId])).rows;
  const auditOf = (orgId: OrgId, action?: string) => listIdentityEvents(test.db, orgId, { action, limit: 200 });
  const storedRow = async (endpointId: string) =>
    (await test.db.query<{ org_id: string; secret_ciphertext: string; previous_secret_ciphertext: string | null; previous_secret_expires_at: Date | null }>(
      'SELECT org_id, secret_ciphertext, previous_secret_ciphertext, previous_secret_expires_at FROM webhook_endpoints WHERE id = $1',
      [endpointId],
    )).rows[0]!;
  const secretsNow = async (endpointId: string) => {
    const row = await storedRow(endpointId);
    return activeSigningSecrets(box, { orgId: row.org_id as OrgId, endpointId, secretCiphertext: row.secret_ciphertext, previousSecretCiphertext: row.previous_secret_ciphertext, previousSecretExpiresAt: row.previous_secret_expires_at }, clock.now());
  };

  beforeAll(async () => {
    test = await create();
    orgA = await createOrganization(test.db, 'Org A');
    orgB = await createOrganization(test.db, 'Org B');
    alice = await createManager(test.db);
    bob = await createManager(test.db);
    endpoints = createWebhookEndpoints({ db: test.db, secretBox: box, destinationPolicy: { allowPrivate: false }, resolve, now: clock.now });
  });
  afterAll(() => test.drop());

  it('shows the signing secret on creation only, and stores it sealed to its row', async () => {
    const created = await endpoints.create(orgA, alice, { url: 'https://hooks.example.com/in?token=abc', events: ['scan.completed', 'scan.completed', 'verdict.recorded'] });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(created).toMatchObject({ url: 'https://hooks.example.com/in?token=abc', events: ['scan.completed', 'verdict.recorded'], enabled: true, consecutive_failures: 0, created_by_user_id: alice.userId });

    const read = await endpoints.get(orgA, created.id);
    expect(read).not.toHaveProperty('secret');
    expect(JSON.stringify(await endpoints.list(orgA))).not.toContain(created.secret);
    const stored = await storedRow(created.id);
    expect(stored.secret_ciphertext).not.toContain(created.secret.slice(6));
    expect(await secretsNow(created.id)).toEqual([created.secret]);
    // The ciphertext opens only for its own row.
    expect(() => activeSigningSecrets(box, { orgId: orgB, endpointId: created.id, secretCiphertext: stored.secret_ciphertext, previousSecretCiphertext: null, previousSecretExpiresAt: null }, clock.now())).toThrow(/failed authentication/);

    const [event] = (await outboxOf(orgA)).filter((e) => e.type === 'webhook_endpoint.created');
    expect(JSON.parse(event!.payload)).toEqual({ endpoint_id: created.id, url: 'https://hooks.example.com/in', events: ['scan.completed', 'verdict.recorded'] });
    // Audited with the person and their request; the URL's query string and the secret stay out of the trail.
    const audited = await auditOf(orgA, 'webhook_endpoint.created');
    expect(audited).toEqual([
      expect.objectContaining({
        actor: { kind: 'user', id: alice.userId },
        source_ip: alice.origin.sourceIp,
        user_agent: alice.origin.userAgent,
        request_id: alice.origin.requestId,
        detail: { endpoint_id: created.id, url: 'https://hooks.example.com/in', events: ['scan.completed', 'verdict.recorded'] },
      }),
    ]);
    expect(JSON.stringify(audited)).not.toContain(created.secret);
  });

  it.each([
    ['http://hooks.example.com/', 'destination URL must use https', undefined],
    [`https://hooks.example.com/${'a'.repeat(2048)}`, 'destination URL must be at most 2048 characters', undefined],
    ['https://10.0.0.1/hook', 'destination address class private is not allowed', 'private'],
    ['https://[::1]/hook', 'destination address class loopback is not allowed', 'loopback'],
    ['https://100.64.0.9/hook', 'destination address class carrier_grade_nat is not allowed', 'carrier_grade_nat'],
    ['https://localhost/hook', 'destination address class loopback is not allowed', 'loopback'],
    ['https://metadata-alias.example.com/hook', 'destination address class cloud_metadata is not allowed', 'cloud_metadata'],
    ['https://mixed.example.com/hook', 'destination address class private is not allowed', 'private'],
    ['https://nowhere.example.com/hook', 'destination host name could not be resolved', undefined],
  ])('refuses %s with 400 naming the reason, writing nothing', async (url, message, addressClass) => {
    const eventsBefore = (await outboxOf(orgA)).length;
    const auditBefore = (await auditOf(orgA)).length;
    const endpointsBefore = (await endpoints.list(orgA)).length;
    const error = await refusal(endpoints.create(orgA, alice, { url, events: ['scan.completed'] }));
    expect(toHttpError(error)).toEqual({ status: 400, headers: {}, body: { error: message, code: 'validation_failed', ...(addressClass ? { address_class: addressClass } : {}) } });
    expect((await outboxOf(orgA)).length).toBe(eventsBefore);
    expect((await auditOf(orgA)).length).toBe(auditBefore);
    expect((await endpoints.list(orgA)).length).toBe(endpointsBefore);
  });

  it('refuses unknown and empty event type subscriptions', async () => {
    // The document's enum refuses an unknown type over HTTP; the service holds the same rule for every other caller.
    const misspelled = ['scan.completed', 'scan.exploded'] as CreateEndpointInput['events'];
    const unknown = await refusal(endpoints.create(orgA, alice, { url: 'https://hooks.example.com/', events: misspelled }));
    expect(unknown.message).toBe('unknown event types: scan.exploded');
    expect(unknown.status).toBe(400);
    expect((await refusal(endpoints.create(orgA, alice, { url: 'https://hooks.example.com/', events: [] }))).status).toBe(400);
  });

  it("answers another organization's endpoint exactly like one that does not exist", async () => {
    const mine = await endpoints.create(orgA, alice, { url: 'https://a.example.com/', events: ['scan.completed'] });
    const attempts = (id: string) => [
      endpoints.get(orgB, id),
      endpoints.update(orgB, bob, id, { events: ['verdict.recorded'] }),
      endpoints.disable(orgB, bob, id),
      endpoints.enable(orgB, bob, id),
      endpoints.rotateSecret(orgB, bob, id),
      endpoints.delete(orgB, bob, id),
    ];
    const foreign = await Promise.all(attempts(mine.id).map(refusal));
    const missing = await Promise.all(attempts(randomUUID()).map(refusal));
    const malformed = await Promise.all(attempts('not-a-uuid').map(refusal));
    for (const error of [...foreign, ...missing, ...malformed]) expect(toHttpError(error)).toEqual({ status: 404, headers: {}, body: { error: 'not found', code: 'not_found' } });
    expect((await endpoints.list(orgB)).map((e) => e.id)).not.toContain(mine.id);
    expect(await endpoints.get(orgA, mine.id)).toMatchObject({ events: ['scan.completed'], enabled: true });
    expect(await outboxOf(orgB)).toEqual([]);
    expect(await auditOf(orgB)).toEqual([]);
  });

  it('checks a new URL again on update and announces only real changes', async () => {
    const endpoint = await endpoints.create(orgA, alice, { url: 'https://update.example.com/', events: ['scan.completed'] });
    const refused = await refusal(endpoints.update(orgA, alice, endpoint.id, { url: 'https://192.168.1.10/' }));
    expect(refused.message).toBe('destination address class private is not allowed');

    clock.advance(1_000);
    const updated = await endpoints.update(orgA, alice, endpoint.id, { url: 'https://update.example.com/v2', events: ['finding.status_changed'] });
    expect(updated).toMatchObject({ url: 'https://update.example.com/v2', events: ['finding.status_changed'], updated_at: clock.now().toISOString() });
    const before = (await outboxOf(orgA)).length;
    await endpoints.update(orgA, alice, endpoint.id, { url: 'https://update.example.com/v2', events: ['finding.status_changed'] });
    const events = await outboxOf(orgA);
    expect(events.length).toBe(before);
    const last = events.filter((e) => e.type === 'webhook_endpoint.updated').at(-1)!;
    expect(JSON.parse(last.payload)).toEqual({ endpoint_id: endpoint.id, changes: { url: 'https://update.example.com/v2', events: ['finding.status_changed'] } });
  });

  it('rotates the secret: both sign for 24 hours, new first, then only the new one', async () => {
    const endpoint = await endpoints.create(orgA, alice, { url: 'https://rotate.example.com/', events: ['scan.completed'] });
    const rotated = await endpoints.rotateSecret(orgA, alice, endpoint.id);
    expect(rotated.secret).not.toBe(endpoint.secret);
    expect(rotated.previous_secret_expires_at).toBe(new Date(clock.now().getTime() + ROTATION_OVERLAP_MS).toISOString());
    expect(await secretsNow(endpoint.id)).toEqual([rotated.secret, endpoint.secret]);

    const rotationEvent = (await outboxOf(orgA)).filter((e) => e.type === 'webhook_endpoint.secret_rotated').at(-1)!;
    expect(rotationEvent.payload).not.toContain(rotated.secret.slice(6));
    expect(JSON.parse(rotationEvent.payload)).toEqual({ endpoint_id: endpoint.id, overlap_ends_at: rotated.previous_secret_expires_at });
    const [audited] = await auditOf(orgA, 'webhook_endpoint.secret_rotated');
    expect(audited?.detail).toEqual({ endpoint_id: endpoint.id, overlap_ends_at: rotated.previous_secret_expires_at });

    clock.advance(ROTATION_OVERLAP_MS + 1);
    expect(await secretsNow(endpoint.id)).toEqual([rotated.secret]);
    expect((await endpoints.get(orgA, endpoint.id)).previous_secret_expires_at).toBeNull();
  });

  it('disables by hand, and re-enabling clears the failure count', async () => {
    const endpoint = await endpoints.create(orgA, alice, { url: 'https://flaky.example.com/', events: ['scan.completed'] });
    await test.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) await recordEndpointFailure(tx, orgA, endpoint.id, clock.now(), DEFAULT_AUTO_DISABLE);
    });
    expect(await endpoints.get(orgA, endpoint.id)).toMatchObject({ consecutive_failures: 3, enabled: true });

    expect(await endpoints.disable(orgA, alice, endpoint.id)).toMatchObject({ enabled: false, disabled_reason: 'manual' });
    const enabled = await endpoints.enable(orgA, alice, endpoint.id);
    expect(enabled).toMatchObject({ enabled: true, disabled_reason: null, consecutive_failures: 0 });
    const types = (await outboxOf(orgA)).map((e) => e.type);
    expect(types.slice(-2)).toEqual(['webhook_endpoint.disabled', 'webhook_endpoint.enabled']);
    // Enabling an enabled endpoint changes nothing and announces nothing.
    await endpoints.enable(orgA, alice, endpoint.id);
    expect((await outboxOf(orgA)).length).toBe(types.length);
  });

  it('deletes an endpoint and announces it', async () => {
    const endpoint = await endpoints.create(orgA, alice, { url: 'https://gone.example.com/', events: ['scan.completed'] });
    await endpoints.delete(orgA, alice, endpoint.id);
    expect((await refusal(endpoints.get(orgA, endpoint.id))).status).toBe(404);
    expect((await outboxOf(orgA)).at(-1)).toMatchObject({ type: 'webhook_endpoint.deleted' });
  });

  it('lists deliveries newest first, bounded and clamped, filtered, and never another organization’s', async () => {
    const a = await endpoints.create(orgA, alice, { url: 'https://list-a.example.com/', events: ['verdict.recorded'] });
    const b = await endpoints.create(orgB, bob, { url: 'https://list-b.example.com/', events: ['verdict.recorded'] });
    for (let i = 0; i < 3; i++) {
      clock.advance(1_000);
      await dispatch(test.db, clock.now, [domainEvent(orgA, 'verdict.recorded', { n: i })]);
    }
    const listed = await endpoints.listDeliveries(orgA, { endpoint_id: a.id });
    expect(listed.limit).toBe(50);
    expect(listed.deliveries.map((d) => d.created_at)).toEqual([...listed.deliveries.map((d) => d.created_at)].sort().reverse());
    expect(listed.deliveries).toHaveLength(3);
    expect((await endpoints.listDeliveries(orgA, { endpoint_id: a.id, limit: 2 })).deliveries).toHaveLength(2);
    expect((await endpoints.listDeliveries(orgA, { limit: 5_000 })).limit).toBe(200);
    expect((await endpoints.listDeliveries(orgA, { endpoint_id: a.id, status: 'delivered' })).deliveries).toHaveLength(0);
    expect((await endpoints.listDeliveries(orgA, { endpoint_id: a.id, status: 'pending' })).deliveries).toHaveLength(3);

    expect((await endpoints.listDeliveries(orgB)).deliveries).toEqual([]);
    expect((await endpoints.listDeliveries(orgB, { endpoint_id: a.id })).deliveries).toEqual([]);
    expect((await endpoints.listDeliveries(orgB, { endpoint_id: b.id })).deliveries).toEqual([]);
    expect((await refusal(endpoints.listDeliveries(orgA, { status: 'lost' }))).status).toBe(400);
    expect((await refusal(endpoints.listDeliveries(orgA, { limit: 0 }))).status).toBe(400);
  });

  it('redelivers: a new delivery of the same event to the same endpoint, only within the organization and to an enabled endpoint', async () => {
    const endpoint = await endpoints.create(orgA, alice, { url: 'https://redeliver.example.com/', events: ['finding.created'] });
    await dispatch(test.db, clock.now, [domainEvent(orgA, 'finding.created', { finding_id: 'f1' })]);
    const [original] = (await endpoints.listDeliveries(orgA, { endpoint_id: endpoint.id })).deliveries;

    const again = await endpoints.redeliver(orgA, alice, original!.id);
    expect(again).toMatchObject({ endpoint_id: endpoint.id, event_id: original!.event_id, status: 'pending', attempts: 0, redelivery_of: original!.id });
    expect(again.id).not.toBe(original!.id);
    const bodies = await test.db.query<{ payload: string }>('SELECT payload FROM webhook_deliveries WHERE id = ANY($1::uuid[])', [[original!.id, again.id]]);
    expect(new Set(bodies.rows.map((r) => r.payload)).size).toBe(1);
    expect((await outboxOf(orgA)).at(-1)).toMatchObject({ type: 'webhook_delivery.redelivered' });

    expect(toHttpError(await refusal(endpoints.redeliver(orgB, bob, original!.id)))).toEqual(toHttpError(await refusal(endpoints.redeliver(orgB, bob, randomUUID()))));
    await endpoints.disable(orgA, alice, endpoint.id);
    expect((await refusal(endpoints.redeliver(orgA, alice, original!.id))).status).toBe(409);
  });

  it(`caps an organization at ${MAX_ENDPOINTS_PER_ORGANIZATION} endpoints`, async () => {
    const org = await createOrganization(test.db, 'Org with many endpoints');
    for (let i = 0; i < MAX_ENDPOINTS_PER_ORGANIZATION; i++) await endpoints.create(org, alice, { url: `https://many.example.com/${i}`, events: ['scan.completed'] });
    const refused = await refusal(endpoints.create(org, alice, { url: 'https://many.example.com/one-more', events: ['scan.completed'] }));
    expect(refused.status).toBe(400);
    expect(await endpoints.list(orgB)).toHaveLength(1);
  }, 120_000);
});
