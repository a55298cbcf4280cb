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
import { createRateLimiter, limitedPerSourceAddress } from '../accounts/rate-limiter.js';
import { createSessions } from '../accounts/sessions.js';
import { createApiKey } from '../api-keys/handlers/createApiKey.js';
import { listApiKeys } from '../api-keys/handlers/listApiKeys.js';
import { listGrantableScopes } from '../api-keys/handlers/listGrantableScopes.js';
import { revokeApiKey } from '../api-keys/handlers/revokeApiKey.js';
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
import { createScan } from '../scans/handlers/createScan.js';
import { getScan } from '../scans/handlers/getScan.js';
import { importScanReport } from '../scans/handlers/importScanReport.js';
import { listScans } from '../scans/handlers/listScans.js';
import type { OperationHandler, RequestGuard } from './handler.js';

export interface RouteDependencies {
  readiness: ReadinessCheck;
  db: Database;
  /** Rate-limit counters: Redis in the full profile, memory in the embedded one. */
  counters: Counters;
  config: Pick<Config, 'tokenSigningKey' | 'rateLimit'>;
  /** Production scrypt parameters unless given; the test harness passes cheap ones to keep suites fast. */
  passwordHashing?: ScryptParameters;
  /** The grantable scopes; tests narrow it to show a withdrawn scope stops working. */
  scopeRegistry?: ScopeRegistry;
}

/** operationId -> handler. buildApp refuses to start unless this matches api/openapi.yaml exactly. */
export function createHandlers(deps: RouteDependencies): Record<string, OperationHandler> {
  const { db } = deps;
  const registry = deps.scopeRegistry ?? scopeRegistry;
  const passwords = createPasswordHasher(deps.passwordHashing);
  const sessions = createSessions({ accessTokens: createAccessTokens({ signingKey: deps.config.tokenSigningKey }) });
  const limiter = createRateLimiter({ counters: deps.counters, failClosed: deps.config.rateLimit.failClosed });
  const codec = createCursorCodec({ signingKey: deps.config.tokenSigningKey });
  const authRoute = (handler: OperationHandler): OperationHandler => limitedPerSourceAddress(limiter, deps.config.rateLimit.authPerMinute, handler);

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
    updateFinding: updateFinding({ db }),
    bulkUpdateFindings: bulkUpdateFindings({ db }),
  };
}

/** The guard buildApp runs before every secured operation. */
export function createGuard(deps: Omit<RouteDependencies, 'readiness' | 'passwordHashing'>): RequestGuard {
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
