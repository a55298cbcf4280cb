// Webhooks end to end, composed exactly as `npm start` composes them (parseConfig
// → createPlatform → the api, streams and workers roles): a domain event written
// through the outbox travels relay → stream log → dispatcher → delivery worker →
// a local HTTPS receiver whose certificate authority is trusted through
// WEBHOOK_CA_FILE. The receiver checks every signature by the documented layout,
// and the receiver example of docs/webhook-signatures.md verifies it too; neither
// uses services/webhooks/signature.ts. Runs on the embedded profile and on the
// full one (real PostgreSQL and Kafka with its schema registry).
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatform, type Platform } from '../services/composition.js';
import { parseConfig } from '../services/platform/config.js';
import { resolveServiceKeys } from '../services/platform/crypto/data-dir-keys.js';
import type { OrgId } from '../services/platform/db/database.js';
import { asOrgId } from './support/org-ids.js';
import { createLogger } from '../services/platform/logger.js';
import { startApi, startStreams, startWorkers, type RunningRole } from '../services/roles.js';
import { createTestCertificates } from '../services/platform/egress/testing/certificates.js';
import { startTestReceiver, type TestReceiver } from '../services/webhooks/testing/receiver.js';
import { appendToOutbox } from '../streams/outbox.js';
import { freshPostgres, type TestDatabase } from './support/databases.js';
import { deleteKafkaPrefix } from './support/kafka-cleanup.js';
import { testServices } from './support/services.js';

type VerifyWebhook = (secret: string, headers: NodeJS.Dict<string | string[]>, rawBody: Buffer) => boolean;

/** The receiver example of docs/webhook-signatures.md, exactly as a customer would copy it. */
async function documentedVerifier(dir: string): Promise<VerifyWebhook> {
  const guide = await readFile(path.resolve(import.meta.dirname, '../docs/webhook-signatures.md'), 'utf8');
  const example = /### Receiver example[^\n]*\n+```js\n([\s\S]*?)```/.exec(guide)?.[1];
  if (example === undefined) throw new Error('docs/webhook-signatures.md has no receiver example');
  const file = path.join(dir, 'verify-webhook.mjs');
  await writeFile(file, example);
  return ((await import(pathToFileURL(file).href)) as { verifyWebhook: VerifyWebhook }).verifyWebhook;
}

const until = async (what: string, condition: () => Promise<boolean> | boolean, deadlineMs = 60_000) => {
  const deadline = Date.now() + deadlineMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`${what}: not before the deadline`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

const profiles = [
  { name: 'embedded', full: false },
  { name: 'full', full: true },
] as const;

describe.each(profiles)('webhooks end to end on the $name profile', ({ full }) => {
  const topicPrefix = `sentinel-e2e-${randomBytes(4).toString('hex')}.`;
  let dir: string;
  let database: TestDatabase | undefined;
  let platform: Platform;
  let roles: RunningRole[];
  let base: string;
  let receiver: TestReceiver;
  let verifyAsDocumented: VerifyWebhook;

  const api = async (method: string, url: string, token?: string, body?: unknown) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- read loosely, as test/support/http-client.ts does
    return { status: response.status, body: (await response.json()) as any };
  };

  /** A person through the real sign-up, acting in their personal organization. */
  const person = async (): Promise<{ token: string; orgId: OrgId }> => {
    const signedUp = await api('POST', '/api/v1/auth/signup', undefined, { email: `e2e-${randomUUID()}@example.test`, password: `pw-${randomUUID()}`, name: 'E2E' });
    const token: string = signedUp.body.access_token;
    const me = await api('GET', '/api/v1/me', token);
    return { token, orgId: asOrgId(me.body.acting_organization.id) };
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'sentinel-webhooks-e2e-'));
    const certificates = createTestCertificates();
    await writeFile(path.join(dir, 'receiver-ca.pem'), certificates.caPem);
    receiver = await startTestReceiver(certificates);
    verifyAsDocumented = await documentedVerifier(dir);
    database = full ? await freshPostgres() : undefined;
    // As `sentinel` starts: the keys it is not given are generated into DATA_DIR.
    const { config } = resolveServiceKeys(parseConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      PORT: '0',
      DATA_DIR: path.join(dir, 'data'),
      WEBHOOK_ALLOW_PRIVATE_DESTINATIONS: 'true',
      WEBHOOK_CA_FILE: path.join(dir, 'receiver-ca.pem'),
      ...(full ? { DATABASE_URL: database!.url, KAFKA_BROKERS: testServices.kafkaBrokers.join(','), SCHEMA_REGISTRY_URL: testServices.schemaRegistryUrl, TOPIC_PREFIX: topicPrefix } : {}),
    }));
    platform = await createPlatform(config, createLogger('silent'));
    const apiRole = await startApi(platform);
    base = apiRole.address;
    await platform.prepare(new AbortController().signal);
    roles = [await startStreams(platform), await startWorkers(platform), apiRole];
  });

  afterAll(async () => {
    for (const role of (roles ?? []).reverse()) await role.stop();
    await platform.close();
    await receiver.close();
    await database?.drop();
    await rm(dir, { recursive: true, force: true });
    if (full) await deleteKafkaPrefix(topicPrefix);
  });

  it('delivers an outbox event, signed, to the subscribed endpoint of its organization only', async () => {
    expect(platform.streamLog.kind).toBe(full ? 'kafka' : 'embedded');
    const [first, second] = [await person(), await person()];
    const created = await api('POST', '/api/v1/webhooks', first.token, { url: receiver.url('/e2e/first'), events: ['scan.completed'] });
    expect(created.status).toBe(201);
    const secret: string = created.body.secret;
    receiver.trust('/e2e/first', [secret]);
    const otherTypes = await api('POST', '/api/v1/webhooks', first.token, { url: receiver.url('/e2e/other-types'), events: ['verdict.recorded'] });
    const secondTenants = await api('POST', '/api/v1/webhooks', second.token, { url: receiver.url('/e2e/second'), events: ['scan.completed'] });
    expect([otherTypes.status, secondTenants.status]).toEqual([201, 201]);

    const scan = { scan_id: randomUUID(), asset_id: randomUUID(), image: 'registry.example.com/app:1.0', finding_counts: { critical: 1 } };
    const event = await platform.db.transaction((tx) =>
      appendToOutbox(tx, first.orgId, { type: 'scan.completed', subjectId: scan.scan_id, actor: { kind: 'system', id: null }, payload: scan }),
    );

    await until('the receiver got the delivery', () => receiver.requests('/e2e/first').length > 0);
    const [request] = receiver.requests('/e2e/first');
    expect(request!.verified).toBe(true);
    expect(verifyAsDocumented(secret, request!.headers, request!.body)).toBe(true);
    expect(verifyAsDocumented(`whsec_${randomBytes(32).toString('base64url')}`, request!.headers, request!.body)).toBe(false);
    expect(JSON.parse(request!.body.toString('utf8'))).toEqual({
      id: event.event_id,
      type: 'scan.completed',
      occurred_at: new Date(event.occurred_at).toISOString(),
      organization_id: first.orgId,
      data: scan,
    });

    await until('the delivery is recorded as delivered', async () => (await api('GET', '/api/v1/webhooks/deliveries', first.token)).body.deliveries[0]?.status === 'delivered');
    const [delivery] = (await api('GET', '/api/v1/webhooks/deliveries', first.token)).body.deliveries as { id: string; event_id: string; attempts: number; response_status: number }[];
    expect(delivery).toMatchObject({ id: request!.deliveryId, event_id: event.event_id, attempts: 1, response_status: 204, response_body: '' });
    expect((await api('GET', '/api/v1/webhooks/deliveries', second.token)).body.deliveries).toEqual([]);
    expect(receiver.requests('/e2e/other-types')).toEqual([]);
    expect(receiver.requests('/e2e/second')).toEqual([]);
  });
});
