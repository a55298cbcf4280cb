// The whole HTTP app (guard, validation, handlers) on a benchmark's database, with
// limits out of the way, and a person signed up in it: what a client measures.
import { randomBytes, randomUUID } from 'node:crypto';
import { buildApp, type App } from '../../services/platform/http/app.js';
import { createModules, handlersOf } from '../../services/modules.js';
import { createSqlAnalytics } from '../../services/platform/analytics/sql-analytics.js';
import { createMemoryCounters } from '../../services/platform/counters/memory-counters.js';
import type { Database } from '../../services/platform/db/database.js';
import { createLogger } from '../../services/platform/logger.js';

export async function benchApp(db: Database): Promise<{ app: App; token: string; orgId: string }> {
  const logger = createLogger('silent');
  const config = {
    tokenSigningKey: randomBytes(32),
    rateLimit: { perMinute: 1_000_000, authPerMinute: 1_000_000, failClosed: false },
    webhookSecretKey: randomBytes(32),
    webhookAllowPrivateDestinations: false,
    webhookTrustedCaPem: undefined,
    webhookDeliveryConcurrency: 128,
  };
  const modules = createModules(
    { readiness: async () => ({ ready: true, dependencies: {} }), db, counters: createMemoryCounters(), config, logger, analytics: createSqlAnalytics({ db }) },
    { passwordHashing: { N: 2 ** 10, r: 8, p: 1 } },
  );
  const app = await buildApp({ logger, handlers: handlersOf(modules.list), guard: modules.guard, limiterState: modules.limiterState, trustedProxies: [] });
  const signup = await app.fastify.inject({ method: 'POST', url: '/api/v1/auth/signup', payload: { email: `bench-${randomUUID()}@example.test`, password: 'bench-password-1', name: 'Bench' } });
  const token = (signup.json() as { access_token: string }).access_token;
  const me = (await app.fastify.inject({ method: 'GET', url: '/api/v1/me', headers: { authorization: `Bearer ${token}` } })).json() as { acting_organization: { id: string } };
  return { app, token, orgId: me.acting_organization.id };
}
