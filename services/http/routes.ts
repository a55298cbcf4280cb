import { createAccessTokens } from '../accounts/access-tokens.js';
import { createRequestGuard } from '../accounts/guard.js';
import { exchangeSignInCode } from '../accounts/handlers/exchangeSignInCode.js';
import { getMe } from '../accounts/handlers/getMe.js';
import { listIdentityAudit } from '../accounts/handlers/listIdentityAudit.js';
import { login } from '../accounts/handlers/login.js';
import { logout } from '../accounts/handlers/logout.js';
import { refreshSession } from '../accounts/handlers/refreshSession.js';
import { setActiveOrganization } from '../accounts/handlers/setActiveOrganization.js';
import { signup } from '../accounts/handlers/signup.js';
import { createPasswordHasher, type ScryptParameters } from '../accounts/passwords.js';
import { scopeRegistry, type ScopeRegistry } from '../accounts/permissions.js';
import { createRateLimiter, limitedPerSourceAddress, sourceAddressLimit, sourceAddressStateOfUncounted } from '../accounts/rate-limiter.js';
import { createSessions } from '../accounts/sessions.js';
import { createApiKey } from '../api-keys/handlers/createApiKey.js';
import { listApiKeys } from '../api-keys/handlers/listApiKeys.js';
import { listGrantableScopes } from '../api-keys/handlers/listGrantableScopes.js';
import { revokeApiKey } from '../api-keys/handlers/revokeApiKey.js';
import { archiveAsset } from '../assets/handlers/archiveAsset.js';
import { deleteAsset } from '../assets/handlers/deleteAsset.js';
import { deleteAssetSchedule } from '../assets/handlers/deleteAssetSchedule.js';
import { getAsset } from '../assets/handlers/getAsset.js';
import { getAssetSchedule } from '../assets/handlers/getAssetSchedule.js';
import { listAssets } from '../assets/handlers/listAssets.js';
import { listLicenses } from '../assets/handlers/listLicenses.js';
import { putAssetSchedule } from '../assets/handlers/putAssetSchedule.js';
import { unarchiveAsset } from '../assets/handlers/unarchiveAsset.js';
import { bulkUpdateFindings } from '../findings/handlers/bulkUpdateFindings.js';
import { getFinding } from '../findings/handlers/getFinding.js';
import { listAssetFindings } from '../findings/handlers/listAssetFindings.js';
import { listFindingEvents } from '../findings/handlers/listFindingEvents.js';
import { listFindings } from '../findings/handlers/listFindings.js';
import { updateFinding } from '../findings/handlers/updateFinding.js';
import { getHealth } from '../health/handlers/getHealth.js';
import { getOpenApiDocument } from '../health/handlers/getOpenApiDocument.js';
import { getReady } from '../health/handlers/getReady.js';
import { createOrganization } from '../organizations/handlers/createOrganization.js';
import { listMembers } from '../organizations/handlers/listMembers.js';
import { listOrganizations } from '../organizations/handlers/listOrganizations.js';
import { removeMember } from '../organizations/handlers/removeMember.js';
import { renameCurrentOrganization } from '../organizations/handlers/renameCurrentOrganization.js';
import { updateMemberRole } from '../organizations/handlers/updateMemberRole.js';
import type { Config } from '../platform/config.js';
import type { Counters } from '../platform/counters/counters.js';
import type { Database } from '../platform/db/database.js';
import { createCursorCodec } from '../platform/pagination/cursor.js';
import type { ReadinessCheck } from '../platform/readiness.js';
import { createPolicy } from '../policies/handlers/createPolicy.js';
import { createPolicyVersion } from '../policies/handlers/createPolicyVersion.js';
import { getPolicy } from '../policies/handlers/getPolicy.js';
import { getPolicyVersion } from '../policies/handlers/getPolicyVersion.js';
import { listPolicies } from '../policies/handlers/listPolicies.js';
import { listPolicyVersions } from '../policies/handlers/listPolicyVersions.js';
import { updatePolicy } from '../policies/handlers/updatePolicy.js';
import { createScan } from '../scans/handlers/createScan.js';
import { getScan } from '../scans/handlers/getScan.js';
import { getScannerSettings } from '../scans/handlers/getScannerSettings.js';
import { importScanReport } from '../scans/handlers/importScanReport.js';
import { listScans } from '../scans/handlers/listScans.js';
import type { ResolveAll } from '../webhooks/destination-policy.js';
import { createWebhookEndpoints } from '../webhooks/endpoints.js';
import { createWebhookEndpoint } from '../webhooks/handlers/createWebhookEndpoint.js';
import { deleteWebhookEndpoint } from '../webhooks/handlers/deleteWebhookEndpoint.js';
import { getWebhookEndpoint } from '../webhooks/handlers/getWebhookEndpoint.js';
import { listWebhookDeliveries } from '../webhooks/handlers/listWebhookDeliveries.js';
import { listWebhookEndpoints } from '../webhooks/handlers/listWebhookEndpoints.js';
import { redeliverWebhook } from '../webhooks/handlers/redeliverWebhook.js';
import { rotateWebhookSecret } from '../webhooks/handlers/rotateWebhookSecret.js';
import { getVerdict } from '../verdicts/handlers/getVerdict.js';
import { listVerdicts } from '../verdicts/handlers/listVerdicts.js';
import { requestScanVerdict } from '../verdicts/handlers/requestScanVerdict.js';
import { updateWebhookEndpoint } from '../webhooks/handlers/updateWebhookEndpoint.js';
import { signingSecretBox } from '../webhooks/signing-secrets.js';
import type { LimiterStateOf, OperationHandler, RequestGuard } from './handler.js';
import { updateScannerSettings } from '../scans/handlers/updateScannerSettings.js';

export interface RouteDependencies {
  readiness: ReadinessCheck;
  db: Database;
  /** Rate-limit counters: Redis in the full profile, memory in the embedded one. */
  counters: Counters;
  config: Pick<Config, 'tokenSigningKey' | 'rateLimit' | 'webhookSecretKey' | 'webhookAllowPrivateDestinations'>;
  /** Production scrypt parameters unless given; the test harness passes cheap ones to keep suites fast. */
  passwordHashing?: ScryptParameters;
  /** The grantable scopes; tests narrow it to show a withdrawn scope stops working. */
  scopeRegistry?: ScopeRegistry;
  /** Resolves webhook destination names at registration; the system resolver unless given (tests never use DNS). */
  resolveWebhookDestination?: ResolveAll;
}

/** operationId -> handler. buildApp refuses to start unless this matches the OpenAPI document (api/openapi.yaml and its module files) exactly. */
export function createHandlers(deps: RouteDependencies): Record<string, OperationHandler> {
  const { db } = deps;
  const registry = deps.scopeRegistry ?? scopeRegistry;
  const passwords = createPasswordHasher(deps.passwordHashing);
  const sessions = createSessions({ accessTokens: createAccessTokens({ signingKey: deps.config.tokenSigningKey }) });
  const authRouteLimit = createSourceAddressLimit(deps);
  const codec = createCursorCodec({ signingKey: deps.config.tokenSigningKey });
  const authRoute = (handler: OperationHandler): OperationHandler => limitedPerSourceAddress(authRouteLimit, handler);
  const endpoints = createWebhookEndpoints({
    db,
    secretBox: signingSecretBox(deps.config.webhookSecretKey),
    destinationPolicy: { allowPrivate: deps.config.webhookAllowPrivateDestinations },
    resolve: deps.resolveWebhookDestination,
  });

  return {
    getHealth: getHealth(),
    getReady: getReady({ readiness: deps.readiness }),
    getOpenApiDocument: getOpenApiDocument(),

    signup: authRoute(signup({ db, passwords, sessions })),
    login: authRoute(login({ db, passwords, sessions })),
    refreshSession: authRoute(refreshSession({ db, sessions })),
    exchangeSignInCode: authRoute(exchangeSignInCode({ db, sessions })),
    logout: logout({ db, sessions }),
    getMe: getMe({ db }),
    setActiveOrganization: setActiveOrganization({ db }),
    listIdentityAudit: listIdentityAudit({ db }),

    listOrganizations: listOrganizations({ db }),
    createOrganization: createOrganization({ db }),
    renameCurrentOrganization: renameCurrentOrganization({ db }),
    listMembers: listMembers({ db }),
    updateMemberRole: updateMemberRole({ db }),
    removeMember: removeMember({ db }),

    listGrantableScopes: listGrantableScopes({ registry }),
    listApiKeys: listApiKeys({ db }),
    createApiKey: createApiKey({ db, registry }),
    revokeApiKey: revokeApiKey({ db }),

    createScan: createScan({ db }),
    importScanReport: importScanReport({ db }),
    listScans: listScans({ db, codec }),
    getScan: getScan({ db }),

    listFindings: listFindings({ db, codec }),
    getFinding: getFinding({ db }),
    listFindingEvents: listFindingEvents({ db, codec }),
    listAssetFindings: listAssetFindings({ db, codec }),

    listWebhookEndpoints: listWebhookEndpoints({ endpoints }),
    createWebhookEndpoint: createWebhookEndpoint({ endpoints }),
    getWebhookEndpoint: getWebhookEndpoint({ endpoints }),
    updateWebhookEndpoint: updateWebhookEndpoint({ endpoints }),
    deleteWebhookEndpoint: deleteWebhookEndpoint({ endpoints }),
    rotateWebhookSecret: rotateWebhookSecret({ endpoints }),
    listWebhookDeliveries: listWebhookDeliveries({ endpoints }),
    redeliverWebhook: redeliverWebhook({ endpoints }),

    listAssets: listAssets({ db, codec }),
    getAsset: getAsset({ db }),
    archiveAsset: archiveAsset({ db }),
    unarchiveAsset: unarchiveAsset({ db }),
    deleteAsset: deleteAsset({ db }),
    putAssetSchedule: putAssetSchedule({ db }),
    getAssetSchedule: getAssetSchedule({ db }),
    deleteAssetSchedule: deleteAssetSchedule({ db }),
    getScannerSettings: getScannerSettings({ db }),
    updateScannerSettings: updateScannerSettings({ db }),
    listLicenses: listLicenses({ db, codec }),

    updateFinding: updateFinding({ db }),
    bulkUpdateFindings: bulkUpdateFindings({ db }),

    listPolicies: listPolicies({ db }),
    createPolicy: createPolicy({ db }),
    getPolicy: getPolicy({ db }),
    updatePolicy: updatePolicy({ db }),
    listPolicyVersions: listPolicyVersions({ db }),
    createPolicyVersion: createPolicyVersion({ db }),
    getPolicyVersion: getPolicyVersion({ db }),

    requestScanVerdict: requestScanVerdict({ db }),
    listVerdicts: listVerdicts({ db }),
    getVerdict: getVerdict({ db }),
  };
}

/** The guard buildApp runs before every secured operation. */
export function createGuard(deps: Omit<RouteDependencies, 'readiness' | 'passwordHashing' | 'resolveWebhookDestination'>): RequestGuard {
  const accessTokens = createAccessTokens({ signingKey: deps.config.tokenSigningKey });
  return createRequestGuard({
    db: deps.db,
    accessTokens,
    sessions: createSessions({ accessTokens }),
    limiter: createRateLimiter({ counters: deps.counters, failClosed: deps.config.rateLimit.failClosed }),
    registry: deps.scopeRegistry ?? scopeRegistry,
    perMinute: deps.config.rateLimit.perMinute,
  });
}

/** The limiter state buildApp adds to responses that no limit counted. */
export function createLimiterState(deps: Pick<RouteDependencies, 'counters' | 'config'>): LimiterStateOf {
  return sourceAddressStateOfUncounted(createSourceAddressLimit(deps));
}

function createSourceAddressLimit(deps: Pick<RouteDependencies, 'counters' | 'config'>) {
  return sourceAddressLimit(createRateLimiter({ counters: deps.counters, failClosed: deps.config.rateLimit.failClosed }), deps.config.rateLimit.authPerMinute);
}
