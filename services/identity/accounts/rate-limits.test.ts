// Request rate limits over HTTP (spec 8): per credential at the real default of
// 600 a minute, per source address on the authentication routes, the limiter state
// on every response, and the behaviour when Redis goes away mid-run.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServices } from '../../../test/support/services.js';
import { startTcpRelay, type TcpRelay } from '../../../test/support/tcp-relay.js';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestApp, type TestPerson } from '../../../test/support/test-app.js';
import { createRedisCounters } from '../../platform/counters/redis-counters.js';

const RATE_LIMITED = '{"error":"too many requests, retry later","code":"rate_limited"}';

/** Makes `count` requests and answers the statuses seen. */
const burst = async (t: TestApp, count: number, request: () => ReturnType<TestApp['call']>): Promise<number[]> => {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) statuses.push((await request()).status);
  return statuses;
};

const expectRefusal = (response: Awaited<ReturnType<TestApp['call']>>): void => {
  expect(response.status).toBe(429);
  expect(response.raw).toBe(RATE_LIMITED);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.headers['ratelimit-remaining']).toBe('0');
};

describe.each(testProfiles)('rate limits ($profile)', (profile) => {
  const t = useTestApp({ ...profile, rateLimit: { perMinute: 600 } });
  expectNeighbourUntouchedAfterEach(t);

  describe('per credential, at the default of 600 a minute', () => {
    it('refuses the 601st request of a person, whatever session or address it comes from', async () => {
      const person = await t.current.signup();
      const second = await t.current.login(person);

      // The harness's signup already made one request (GET /me) as this person: this is the second.
      const secondRequest = await t.current.call('GET', '/api/v1/me', { token: person.token });
      expect(secondRequest.headers).toMatchObject({ 'ratelimit-limit': '600', 'ratelimit-remaining': '598' });
      const statuses = await burst(t.current, 598, () => t.current.call('GET', '/api/v1/me', { token: person.token }));
      expect(statuses.every((status) => status === 200)).toBe(true);

      // Another session of the same person counts against the same budget (per user id, not per session).
      expectRefusal(await t.current.call('GET', '/api/v1/me', { token: second.token }));
      // Another person, same address and organization-agnostic: unaffected.
      const other = await t.current.signup();
      expect((await t.current.call('GET', '/api/v1/me', { token: other.token })).status).toBe(200);
    });

    it('limits each API key by its id, not by organization', async () => {
      const tenant = await t.current.tenant();
      const first = await t.current.apiKey(tenant.owner, ['members:read']);
      const second = await t.current.apiKey(tenant.owner, ['members:read']);
      const statuses = await burst(t.current, 600, () => t.current.call('GET', '/api/v1/members', { token: first.key }));
      expect(statuses.every((status) => status === 200)).toBe(true);
      expectRefusal(await t.current.call('GET', '/api/v1/members', { token: first.key }));

      expect((await t.current.call('GET', '/api/v1/members', { token: second.key })).status).toBe(200);
      expect((await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token })).status).toBe(200);
    });
  });

  describe('configured lower', () => {
    const low = useTestApp(() => ({ ...profile, sharing: t.current, rateLimit: { perMinute: 3 } }));

    it('follows config.rateLimit.perMinute', async () => {
      const person = await low.current.signup(); // its GET /me is the first of three
      expect(await burst(low.current, 2, () => low.current.call('GET', '/api/v1/me', { token: person.token }))).toEqual([200, 200]);
      expectRefusal(await low.current.call('GET', '/api/v1/me', { token: person.token }));
    });
  });

  describe('authentication routes, 10 a minute per source address', () => {
    const behindProxy = useTestApp(() => ({ ...profile, sharing: t.current, rateLimit: { authPerMinute: 10 }, trustedProxies: ['127.0.0.1'] }));
    const direct = useTestApp(() => ({ ...profile, sharing: t.current, rateLimit: { authPerMinute: 10 }, trustedProxies: [] }));
    const login = (app: TestApp, forwardedFor: string) =>
      app.call('POST', '/api/v1/auth/login', { body: { email: 'nobody@example.test', password: 'not a real password' }, headers: { 'x-forwarded-for': forwardedFor } });

    it('counts the four routes together per client address resolved through a trusted proxy', async () => {
      const first = await login(behindProxy.current, '198.51.100.7');
      expect(first.status).toBe(401);
      expect(first.headers).toMatchObject({ 'ratelimit-limit': '10', 'ratelimit-remaining': '9' });
      expect(await burst(behindProxy.current, 9, () => login(behindProxy.current, '198.51.100.7'))).toEqual(Array(9).fill(401));

      expectRefusal(await login(behindProxy.current, '198.51.100.7'));
      for (const [url, body] of [
        ['/api/v1/auth/signup', { email: 'someone@example.test', password: 'long enough password', name: 'S' }],
        ['/api/v1/auth/refresh', { refresh_token: 'snr_unknown' }],
        ['/api/v1/auth/exchange', { code: 'snc_unknown' }],
      ] as const) {
        expectRefusal(await behindProxy.current.call('POST', url, { body, headers: { 'x-forwarded-for': '198.51.100.7' } }));
      }
      // A different client behind the same proxy has its own count.
      expect((await login(behindProxy.current, '198.51.100.8')).status).toBe(401);
    });

    it('shows the address state, without counting, on every response no limit counted', async () => {
      const from = { 'x-forwarded-for': '198.51.100.20' };
      const app = behindProxy.current;
      const uncounted: Array<[number, () => ReturnType<TestApp['call']>]> = [
        [200, () => app.call('GET', '/health', { headers: from })],
        [200, () => app.call('GET', '/ready', { headers: from })],
        [200, () => app.call('GET', '/api/v1/openapi.json', { headers: from })],
        [404, () => app.call('GET', '/api/v1/no-such-route', { headers: from })],
        [401, () => app.call('GET', '/api/v1/me', { headers: from })],
      ];
      const expectAddressState = async (remaining: string): Promise<void> => {
        for (const [status, request] of uncounted) {
          const response = await request();
          expect(response.status).toBe(status);
          expect(response.headers).toMatchObject({ 'ratelimit-limit': '10', 'ratelimit-remaining': remaining });
          expect(Number(response.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
        }
      };
      await expectAddressState('10');
      expect((await login(app, '198.51.100.20')).headers).toMatchObject({ 'ratelimit-remaining': '9' });
      await expectAddressState('9');
    });

    it('counts a request refused for its body like any other: malformed, too deep, wrongly typed or invalid', async () => {
      const from = { 'x-forwarded-for': '198.51.100.30' };
      const app = behindProxy.current;
      const refused: Array<[number, () => ReturnType<TestApp['call']>]> = [
        [400, () => app.call('POST', '/api/v1/auth/login', { body: '{"email": ', headers: { ...from, 'content-type': 'application/json' } })],
        [400, () => app.call('POST', '/api/v1/auth/signup', { body: '{"x":'.repeat(2_000) + '1' + '}'.repeat(2_000), headers: { ...from, 'content-type': 'application/json' } })],
        // Past the test client, which refuses a status the document does not declare (415 is the facade's, for every operation).
        [415, async () => {
          const response = await app.app.fastify.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: JSON.stringify({ refresh_token: 'snr_unknown' }), headers: { ...from, 'content-type': 'text/plain' } });
          return { status: response.statusCode, body: response.json(), raw: response.body, headers: response.headers };
        }],
        [400, () => app.call('POST', '/api/v1/auth/exchange', { body: { code: 42 }, headers: from })],
        [400, () => app.call('POST', '/api/v1/auth/login', { body: { email: 'nobody@example.test' }, headers: from })],
      ];
      const remaining: unknown[] = [];
      for (const [status, request] of refused) {
        const response = await request();
        expect(response.status, response.raw).toBe(status);
        remaining.push(response.headers['ratelimit-remaining']);
      }
      expect(remaining).toEqual(['9', '8', '7', '6', '5']);
      expect(await burst(app, 5, () => login(app, '198.51.100.30'))).toEqual(Array(5).fill(401));
      expectRefusal(await refused[0]![1]());
    });

    it('takes the socket address when a trusted proxy forwards one that is not an address, for the limit and the identity trail', async () => {
      const app = behindProxy.current;
      // The test client's socket address is the trusted proxy's, 127.0.0.1.
      const unforwarded = await app.call('POST', '/api/v1/auth/login', { body: { email: 'nobody@example.test', password: 'not a real password' } });
      expect(unforwarded.headers['ratelimit-remaining']).toBe('9');
      for (const [forwardedFor, remaining] of [['garbage', '8'], ['198.51.100.50, garbage', '7'], ['198.51.100.51:4711', '6']] as const) {
        expect([forwardedFor, (await login(app, forwardedFor)).headers['ratelimit-remaining']]).toEqual([forwardedFor, remaining]);
      }
      const email = `forwarded-${randomBytes(4).toString('hex')}@example.test`;
      const signedUp = await app.call('POST', '/api/v1/auth/signup', { body: { email, password: 'long enough password', name: 'F' }, headers: { 'x-forwarded-for': 'garbage' } });
      expect([signedUp.status, signedUp.headers['ratelimit-remaining']]).toEqual([201, '5']);
      const recorded = await app.db.query<{ source_ip: string | null }>(
        "SELECT e.source_ip FROM identity_audit_events e JOIN users u ON u.id = e.actor_user_id WHERE u.email = $1 AND e.action = 'user.signed_up'",
        [email],
      );
      expect(recorded.rows).toEqual([{ source_ip: '127.0.0.1' }]);
    });

    it("ignores X-Forwarded-For from an untrusted peer: the peer's own address is counted", async () => {
      const statuses = await burst(direct.current, 10, async () => login(direct.current, `203.0.113.${Math.floor(Math.random() * 250) + 1}`));
      expect(statuses).toEqual(Array(10).fill(401));
      expectRefusal(await login(direct.current, '203.0.113.254'));
    });
  });
});

// The full profile's counter store going away under a running service: a relay to the
// real Redis, cut while the limiter's connection is live, then restored.
describe('rate limits with Redis cut mid-run (postgres)', () => {
  let relay: TcpRelay;
  beforeAll(async () => {
    relay = await startTcpRelay(testServices.redisUrl);
  });
  afterAll(() => relay.close());
  const throughRelay = () => createRedisCounters({ url: relay.url, keyPrefix: `sentinel:rl:test:${randomBytes(6).toString('hex')}:` });
  const failOpen = useTestApp(() => ({ profile: 'postgres', counters: throughRelay(), rateLimit: { perMinute: 600 } }));
  const failClosed = useTestApp(() => ({ profile: 'postgres', sharing: failOpen.current, counters: throughRelay(), rateLimit: { perMinute: 600, failClosed: true } }));
  expectNeighbourUntouchedAfterEach(failOpen);

  const me = (app: TestApp, person: TestPerson) => app.call('GET', '/api/v1/me', { token: person.token });
  const login = (app: TestApp, person: TestPerson) => app.call('POST', '/api/v1/auth/login', { body: { email: person.email, password: person.password } });
  /** Once the limiter has reconnected by itself, requests are counted again. */
  const countedAgain = (app: TestApp, person: TestPerson) =>
    expect.poll(async () => (await me(app, person)).headers['ratelimit-limit'], { timeout: 10_000, interval: 100 }).toBe('600');

  it('fails open by default: served with 200 while Redis is away, the state declared unknown', async () => {
    const person = await failOpen.current.signup();
    expect((await me(failOpen.current, person)).headers['ratelimit-limit']).toBe('600');

    await relay.cut();
    for (const response of [await me(failOpen.current, person), await login(failOpen.current, person)]) {
      expect(response.status).toBe(200);
      expect(response.headers['ratelimit-state']).toBe('unknown');
      expect(response.headers['ratelimit-limit']).toBeUndefined();
    }

    await relay.restore();
    await countedAgain(failOpen.current, person);
  });

  it('fails closed when configured: 503 unavailable on authenticated and authentication routes while Redis is away', async () => {
    const person = await failOpen.current.signup();
    await countedAgain(failClosed.current, person);

    await relay.cut();
    const unavailable = '{"error":"the service is temporarily unavailable, retry later","code":"unavailable"}';
    for (const response of [await me(failClosed.current, person), await login(failClosed.current, person)]) {
      expect(response.status).toBe(503);
      expect(response.raw).toBe(unavailable);
      expect(response.headers).toMatchObject({ 'retry-after': '1', 'ratelimit-state': 'unknown' });
    }

    await relay.restore();
    await countedAgain(failClosed.current, person);
  });
});
