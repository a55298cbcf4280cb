// The one list of capability modules. The HTTP routes, the worker list and the
// processor list are each built from it: a capability is added here, once.
import { advisoryDataOf, createAdvisoriesModule, createAdvisoryStore, type AdvisoriesConfig } from './advisories/index.js';
import { createIdentity, createTxtResolver, type IdentityDependencies, type ScryptParameters, type TxtResolver } from './identity/index.js';
import { createAnalyticsModule } from './analytics/index.js';
import { createApiKeysModule } from './api-keys/index.js';
import { createAssetsModule } from './assets/index.js';
import type { Platform } from './composition.js';
import { createFindingsModule } from './findings/index.js';
import { createHealthModule } from './health/index.js';
import { createConnectorsModule, type ConnectorsConfig } from './nhi/connectors/index.js';
import { createOrganizationsModule } from './organizations/index.js';
import { createNhiAuditModule } from './nhi/audit/index.js';
import { createCollectorRegistry, createNhiCollectionModule, type CollectionConfig } from './nhi/collection/index.js';
import { cloudAccountCollector } from './nhi/cloud-accounts/index.js';
import { clusterCollector } from './nhi/clusters/index.js';
import { toolServerCollector } from './nhi/tool-servers/index.js';
import { codeHostingCollector } from './nhi/code-hosting/index.js';
import { secretsManagerCollector } from './nhi/secrets-managers/index.js';
import { createNhiCertificationModule } from './nhi/certification/index.js';
import { createNhiExceptionsModule } from './nhi/exceptions/index.js';
import { createNhiFindingsModule } from './nhi/findings/index.js';
import { createNhiGovernanceModule } from './nhi/governance/index.js';
import { createNhiGrantsModule } from './nhi/grants/index.js';
import { createNhiPoliciesModule, evaluateAfterSynchronization, POLICY_IDS } from './nhi/policies/index.js';
import { createNhiRuntimeModule } from './nhi/runtime/index.js';
import { accessKeyExecutor, createNhiRemediationModule, serviceAccountTokenExecutor } from './nhi/remediation/index.js';
import type { RefusalRecorder } from './platform/authorization/authorize-request.js';
import type { Config } from './platform/config.js';
import { scopeRegistry, type ScopeRegistry } from './platform/authorization/permissions.js';
import type { AnyOperationHandler, ErrorDialect, LimiterStateOf, RequestGuard } from './platform/http/handler.js';
import { createConfiguredMailer, type Mailer } from './platform/mail.js';
import type { Worker } from './platform/jobs.js';
import type { CapabilityModule, StreamProcessor } from './platform/module.js';
import { createCursorCodec } from './platform/pagination/cursor.js';
import type { WorkerRegistration } from './platform/worker-registry.js';
import { createPoliciesModule } from './policies/index.js';
import { createRegistryCredentialsModule, createRegistryLogins, registrySecretBox } from './registry-credentials/index.js';
import { createScansModule, type AdvisoryData, type ScansDependencies } from './scans/index.js';
import { createVerdictsModule } from './verdicts/index.js';
import { createVexModule } from './vex/index.js';
import { createWebhooksModule, type ResolveAll, type WebhooksDependencies } from './webhooks/index.js';

/** What the modules are built from: the platform's ports and the configuration they read. */
interface ModulePlatform extends Pick<Platform, 'db' | 'logger' | 'counters' | 'analytics' | 'readiness'> {
  config: IdentityDependencies['config'] & WebhooksDependencies['config'] & AdvisoriesConfig & ConnectorsConfig & CollectionConfig & Pick<Config, 'mailSink' | 'smtp' | 'publicUrl' | 'domainVerificationDnsServers' | 'governanceApprovalsRequired'> & ScansDependencies['config'];
}

/** What tests may replace; production passes none. */
interface ModuleOverrides {
  /** Cheap password hashing keeps suites fast. */
  passwordHashing?: ScryptParameters;
  /** A narrowed registry shows that a withdrawn scope stops working. */
  scopeRegistry?: ScopeRegistry;
  /** Tests never ask real DNS for webhook destinations. */
  resolveWebhookDestination?: ResolveAll;
  /** Tests never ask real DNS for connector endpoints. */
  resolveConnectorEndpoint?: ResolveAll;
  /** Tests never ask real DNS for identity providers' issuers. */
  resolveSsoIssuer?: ResolveAll;
  /** Tests look domain verification records up in a DNS server of their own on loopback, never in the real DNS. */
  resolveDomainTxt?: TxtResolver;
  /** Refresh rotation's grace, refusal windows, TOTP time steps, organization deletion's grace period and domain verification times are tested by moving this clock. */
  clock?: () => Date;
  /** Tests read the mail the service sends. */
  mailer?: Mailer;
}

export interface Modules {
  list: CapabilityModule[];
  /** The facade's seams, which identity provides. */
  guard: RequestGuard;
  limiterState: LimiterStateOf;
  /** Path prefixes answered in a protocol's own error shape (the SCIM directory's). */
  errorDialects: ErrorDialect[];
}

export function createModules(platform: ModulePlatform, overrides: ModuleOverrides = {}): Modules {
  const { config, db, logger } = platform;
  const registry = overrides.scopeRegistry ?? scopeRegistry;
  const codec = createCursorCodec({ signingKey: config.tokenSigningKey });
  const advisoryData: AdvisoryData = advisoryDataOf(createAdvisoryStore(db));
  const registryLogins = createRegistryLogins({ db, secretBox: registrySecretBox(config.webhookSecretKey), logger: logger.child({ component: 'registry-credentials' }) });
  // Filled from the list below, which holds identity's modules themselves: the guard looks refusal recorders up per request.
  const refusalRecorders = new Map<string, RefusalRecorder>();
  const identity = createIdentity({
    db,
    codec,
    logger,
    counters: platform.counters,
    config,
    registry,
    mailer: overrides.mailer ?? createConfiguredMailer(config, logger),
    resolveTxt: overrides.resolveDomainTxt ?? createTxtResolver({ servers: config.domainVerificationDnsServers }),
    resolveIssuer: overrides.resolveSsoIssuer,
    refusalRecorderOf: (operationId) => refusalRecorders.get(operationId),
    passwordHashing: overrides.passwordHashing,
    clock: overrides.clock,
  });
  const list = [
    createHealthModule({ readiness: platform.readiness, publicUrl: config.publicUrl }),
    ...identity.modules,
    createOrganizationsModule({ db, logger, analytics: platform.analytics, clock: overrides.clock }),
    createApiKeysModule({ db, registry }),
    createScansModule({ db, codec, logger, registryLogins, advisories: advisoryData, config }),
    createFindingsModule({ db, codec, logger }),
    createAssetsModule({ db, codec, logger }),
    createVexModule({ db }),
    createWebhooksModule({ db, logger, config, resolveDestination: overrides.resolveWebhookDestination }),
    createPoliciesModule({ db }),
    createVerdictsModule({ db }),
    createAnalyticsModule({ analytics: platform.analytics, db, codec, clock: overrides.clock }),
    createRegistryCredentialsModule({ db, config }),
    createAdvisoriesModule({ db, logger, config }),
    createNhiAuditModule({ db, codec }),
    createConnectorsModule({ db, codec, config, resolveEndpoint: overrides.resolveConnectorEndpoint }),
    // Collectors per connector kind.
    createNhiCollectionModule({
      db,
      codec,
      logger,
      config,
      collectors: createCollectorRegistry([toolServerCollector, cloudAccountCollector, codeHostingCollector, secretsManagerCollector, clusterCollector]),
      resolveEndpoint: overrides.resolveConnectorEndpoint,
      // The policies are evaluated once a run's records are in the inventory.
      afterRunApplied: evaluateAfterSynchronization,
    }),
    createNhiFindingsModule({ db, codec, clock: overrides.clock }),
    createNhiPoliciesModule({ db, codec, logger, clock: overrides.clock }),
    createNhiGovernanceModule({ db, codec, clock: overrides.clock }),
    createNhiGrantsModule({ db, codec, approvalsRequired: config.governanceApprovalsRequired, clock: overrides.clock }),
    // Exceptions name the catalogue's policies without importing nhi/policies, which imports nhi/findings, which imports exceptions.
    createNhiExceptionsModule({ db, codec, approvalsRequired: config.governanceApprovalsRequired, policyIds: POLICY_IDS, clock: overrides.clock }),
    // Executors per action a connector carries out.
    createNhiRemediationModule({
      db,
      codec,
      logger,
      config,
      executors: [accessKeyExecutor, serviceAccountTokenExecutor],
      resolveEndpoint: overrides.resolveConnectorEndpoint,
      clock: overrides.clock,
    }),
    createNhiCertificationModule({ db, codec, clock: overrides.clock }),
    createNhiRuntimeModule({ db, codec, clock: overrides.clock }),
  ];
  for (const module of list) {
    for (const operationId of Object.keys(module.handlers)) if (module.refusalRecorder) refusalRecorders.set(operationId, module.refusalRecorder);
  }
  return { list, guard: identity.guard, limiterState: identity.limiterState, errorDialects: list.flatMap((module) => (module.errorDialect ? [module.errorDialect] : [])) };
}

/** operationId -> handler over every module; an operationId claimed twice is a wiring mistake that stops start-up. */
export function handlersOf(modules: readonly CapabilityModule[]): Record<string, AnyOperationHandler> {
  const handlers: Record<string, AnyOperationHandler> = {};
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
