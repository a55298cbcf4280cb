// Request rate limits over HTTP (spec 8): per credential at the real default of
// 600 a minute, per source address on the authentication routes, the limiter state
// on every response, and the behaviour when Redis goes away mid-run.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServices } from '../../test/support/services.js';
import { startTcpRelay, type TcpRelay } from '../../test/support/tcp-relay.js';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestApp, type TestPerson } from '../../test/support/test-app.js';
import { createRedisCounters } from '../platform/counters/redis-counters.js';

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
        // Refused by validation before the route's limit counts it.
        [400, () => app.call('POST', '/api/v1/auth/login', { body: { email: 'nobody@example.test' }, headers: from })],
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
