// The modules of services/modules.ts, built on inert ports, for tests that need to
// know which module owns what before any database exists (vitest collects tests
// synchronously). Building a module does no I/O, so nothing here is ever called.
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createModules } from '../../services/modules.js';
import type { Analytics } from '../../services/analytics/store/analytics.js';
import type { Counters } from '../../services/platform/counters/counters.js';
import type { Database } from '../../services/platform/db/database.js';
import { createLogger } from '../../services/platform/logger.js';
import type { CapabilityModule } from '../../services/platform/module.js';

const inert = <T extends object>(what: string): T =>
  new Proxy({} as T, {
    get: (_target, property) => {
      throw new Error(`the module catalogue's ${what} is inert (${String(property)}): build a test app to run anything`);
    },
  });

let catalogue: CapabilityModule[] | undefined;

export function moduleCatalogue(): CapabilityModule[] {
  catalogue ??= createModules({
    db: inert<Database>('database'),
    counters: inert<Counters>('counters'),
    analytics: inert<Analytics>('analytics'),
    logger: createLogger('silent'),
    readiness: async () => ({ ready: true, dependencies: {} }),
    config: {
      tokenSigningKey: randomBytes(32),
      rateLimit: { perMinute: 600, authPerMinute: 10, failClosed: false },
      webhookSecretKey: randomBytes(32),
      webhookAllowPrivateDestinations: false,
      webhookTrustedCaPem: undefined,
      webhookDeliveryConcurrency: 1,
      connectorAllowedHosts: [],
      connectorAllowPrivateEndpoints: false,
      connectorTrustedCaPem: undefined,
      connectorCredentialsDir: '/nonexistent/connector-credentials',
      emailVerificationUrl: 'https://dashboard.example.test/verify-email',
      passwordResetUrl: 'https://dashboard.example.test/reset-password',
      mailSink: 'none',
      smtp: undefined,
      publicUrl: 'https://sentinel.example.test',
      signInReturnUrl: 'https://dashboard.example.test/sign-in/complete',
      socialLogin: {},
      ssoReturnUrls: [],
      ssoAllowPrivateIssuers: false,
      governanceApprovalsRequired: 1,
      ssoTrustedCaPem: undefined,
      domainVerificationDnsServers: [],
      advisorySource: 'https://osv-vulnerabilities.example.test',
      advisoryEcosystems: [],
      advisorySyncIntervalMs: 0,
      // The app runs no scan workers; a scanner test builds its own with the registry switch it needs.
      scanRegistryAllowPrivate: false,
      scanRegistryTrustedCaPem: undefined,
      scanLayerCacheBytes: 0,
      dataDir: path.join(tmpdir(), 'sentinel-test-no-data-dir'),
    },
  }).list;
  return catalogue;
}
