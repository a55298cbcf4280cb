// The one list of capability modules. The HTTP routes, the worker list and the
// processor list are each built from it: a capability is added here, once.
import { createAccountsModule, type AccountsDependencies, type ScryptParameters } from './accounts/index.js';
import { createAnalyticsModule } from './analytics/index.js';
import { createApiKeysModule } from './api-keys/index.js';
import { createAssetsModule } from './assets/index.js';
import type { Platform } from './composition.js';
import { createFindingsModule } from './findings/index.js';
import { createHealthModule } from './health/index.js';
import { createInvitationsModule } from './identity/invitations/index.js';
import { createConnectorsModule, type ConnectorsConfig } from './nhi/connectors/index.js';
import { createWorkloadsModule } from './identity/workloads/index.js';
import { createSecondFactorModule, createSecondFactors } from './identity/second-factor/index.js';
import { createOrganizationsModule } from './organizations/index.js';
import { createNhiAuditModule } from './nhi/audit/index.js';
import { createCollectorRegistry, createNhiCollectionModule, type CollectionConfig } from './nhi/collection/index.js';
import { toolServerCollector } from './nhi/tool-servers/index.js';
import type { RefusalRecorder } from './platform/authorization/authorize-request.js';
import { scopeRegistry, type ScopeRegistry } from './platform/authorization/permissions.js';
import type { LimiterStateOf, OperationHandler, RequestGuard } from './platform/http/handler.js';
import type { Worker } from './platform/jobs.js';
import type { CapabilityModule, StreamProcessor } from './platform/module.js';
import { createCursorCodec } from './platform/pagination/cursor.js';
import type { WorkerRegistration } from './platform/worker-registry.js';
import { createPoliciesModule } from './policies/index.js';
import { createRegistryCredentialsModule, createRegistryLogins, registrySecretBox } from './registry-credentials/index.js';
import { createScansModule } from './scans/index.js';
import { createVerdictsModule } from './verdicts/index.js';
import { createWebhooksModule, type ResolveAll, type WebhooksDependencies } from './webhooks/index.js';

/** What the modules are built from: the platform's ports and the configuration they read. */
export interface ModulePlatform extends Pick<Platform, 'db' | 'logger' | 'counters' | 'analytics' | 'readiness'> {
  config: AccountsDependencies['config'] & WebhooksDependencies['config'] & ConnectorsConfig & CollectionConfig;
}

/** What tests may replace; production passes none. */
export interface ModuleOverrides {
  /** Cheap password hashing keeps suites fast. */
  passwordHashing?: ScryptParameters;
  /** A narrowed registry shows that a withdrawn scope stops working. */
  scopeRegistry?: ScopeRegistry;
  /** Tests never ask real DNS for webhook destinations. */
  resolveWebhookDestination?: ResolveAll;
  /** Tests never ask real DNS for connector endpoints. */
  resolveConnectorEndpoint?: ResolveAll;
  /** Refresh rotation's grace, refusal windows, TOTP time steps and organization deletion's grace period are tested by moving this clock. */
  clock?: () => Date;
}

export interface Modules {
  list: CapabilityModule[];
  /** The facade's seams, which accounts provides. */
  guard: RequestGuard;
  limiterState: LimiterStateOf;
}

export function createModules(platform: ModulePlatform, overrides: ModuleOverrides = {}): Modules {
  const { config, db, logger } = platform;
  const registry = overrides.scopeRegistry ?? scopeRegistry;
  const codec = createCursorCodec({ signingKey: config.tokenSigningKey });
  const registryLogins = createRegistryLogins({ db, secretBox: registrySecretBox(config.webhookSecretKey), logger: logger.child({ component: 'registry-credentials' }) });
  // One service for the module's own operations and for sign-in, which asks enrolled people for a code.
  const secondFactors = createSecondFactors({
    db,
    secretKey: config.webhookSecretKey,
    counters: platform.counters,
    failClosed: config.rateLimit.failClosed,
    logger,
    now: overrides.clock ?? (() => new Date()),
  });
  // Filled from the list below, which holds accounts itself: its guard looks refusal recorders up per request.
  const refusalRecorders = new Map<string, RefusalRecorder>();
  const accounts = createAccountsModule({
    db,
    counters: platform.counters,
    config,
    registry,
    secondFactor: secondFactors.verifier,
    passwordHashing: overrides.passwordHashing,
    clock: overrides.clock,
    refusalRecorderOf: (operationId) => refusalRecorders.get(operationId),
  });
  const list = [
    createHealthModule({ readiness: platform.readiness }),
    accounts,
    createSecondFactorModule({ secondFactors }),
    createOrganizationsModule({ db, logger, analytics: platform.analytics, clock: overrides.clock }),
    createInvitationsModule({ db }),
    createApiKeysModule({ db, registry }),
    createWorkloadsModule({ db, registry }),
    createScansModule({ db, codec, logger, registryLogins }),
    createFindingsModule({ db, codec, logger }),
    createAssetsModule({ db, codec, logger }),
    createWebhooksModule({ db, logger, config, resolveDestination: overrides.resolveWebhookDestination }),
    createPoliciesModule({ db }),
    createVerdictsModule({ db }),
    createAnalyticsModule({ analytics: platform.analytics, db, codec, clock: overrides.clock }),
    createRegistryCredentialsModule({ db, config }),
    createNhiAuditModule({ db, codec }),
    createConnectorsModule({ db, codec, config, resolveEndpoint: overrides.resolveConnectorEndpoint }),
    // Collectors per connector kind: the tool server's is the first built.
    createNhiCollectionModule({ db, codec, logger, config, collectors: createCollectorRegistry([toolServerCollector]), resolveEndpoint: overrides.resolveConnectorEndpoint }),
  ];
  for (const module of list) {
    for (const operationId of Object.keys(module.handlers)) if (module.refusalRecorder) refusalRecorders.set(operationId, module.refusalRecorder);
  }
  return { list, guard: accounts.guard, limiterState: accounts.limiterState };
}

/** operationId -> handler over every module; an operationId claimed twice is a wiring mistake that stops start-up. */
export function handlersOf(modules: readonly CapabilityModule[]): Record<string, OperationHandler> {
  const handlers: Record<string, OperationHandler> = {};
  const owner = new Map<string, string>();
  for (const module of modules) {
    for (const [operationId, handler] of Object.entries(module.handlers)) {
      const other = owner.get(operationId);
      if (other) throw new Error(`operation ${operationId} is claimed by two modules: ${other} and ${module.name}`);
      owner.set(operationId, module.name);
      handlers[operationId] = handler;
    }
  }
  return handlers;
}

export const workersOf = (modules: readonly CapabilityModule[], registration: WorkerRegistration): Worker[] =>
  modules.flatMap((module) => module.workers?.(registration) ?? []);

export const processorsOf = (modules: readonly CapabilityModule[]): StreamProcessor[] => modules.flatMap((module) => module.processors?.() ?? []);
