// The whole HTTP app (guard, validation, handlers) on a benchmark's database, with
// limits out of the way, and a person signed up in it: what a client measures.
import { randomBytes, randomUUID } from 'node:crypto';
import { buildApp, type App } from '../../services/http/app.js';
import { createGuard, createHandlers, createLimiterState } from '../../services/http/routes.js';
import { createMemoryCounters } from '../../services/platform/counters/memory-counters.js';
import type { Database } from '../../services/platform/db/database.js';
import { createLogger } from '../../services/platform/logger.js';

export async function benchApp(db: Database): Promise<{ app: App; token: string; orgId: string }> {
  const dependencies = {
    readiness: async () => ({ ready: true, dependencies: {} }),
    db,
    counters: createMemoryCounters(),
    config: {
      tokenSigningKey: randomBytes(32),
      rateLimit: { perMinute: 1_000_000, authPerMinute: 1_000_000, failClosed: false },
      webhookSecretKey: randomBytes(32),
      webhookAllowPrivateDestinations: false,
    },
    passwordHashing: { N: 2 ** 10, r: 8, p: 1 },
  };
  const app = await buildApp({
    logger: createLogger('silent'),
    handlers: createHandlers(dependencies),
    guard: createGuard(dependencies),
    limiterState: createLimiterState(dependencies),
    trustedProxies: [],
  });
  const signup = await app.fastify.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email: `bench-${randomUUID()}@example.test`, password: 'bench-password-1', name: 'Bench' } });
  const token = (signup.json() as { access_token: string }).access_token;
  const me = (await app.fastify.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } })).json() as { acting_organization: { id: string } };
  return { app, token, orgId: me.acting_organization.id };
}
