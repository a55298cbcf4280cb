// The RequestGuard of every secured operation (services/platform/http/app.ts runs it before
// validation). In order: who is calling (401), their rate limit (429), the
// organization they act in and X-Expected-Organization (409), a machine principal on
// an operation that delegates authority (403, before any permission), then the
// permission the document's x-permission names, or any one of x-permission-any (403),
// then, for a write, whether the organization is scheduled for deletion (409).
// The credential lookups find a credential of any organization (the 'authenticate-credential'
// system operation); everything after them runs in the caller's organization, so what the
// guard reads and records there is held by row-level security as the operation is.
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { OperationSecurity, RequestGuard } from '../../platform/http/handler.js';
import type { Database } from '../../platform/db/database.js';
import { AppError, conflict, unauthorized, withHeaders } from '../../platform/errors.js';
import { API_KEY_PREFIX, findByKey, touchLastUsed } from '../../api-keys/index.js';
import { findMember, isDeletionScheduled, resolveActingMembership } from '../../organizations/index.js';
import { WORKLOAD_CREDENTIAL_PREFIX, findWorkloadByCredential, touchWorkloadLastActed, workloadAuthority } from '../workloads/index.js';
import { DIRECTORY_TOKEN_PREFIX, findDirectoryToken, touchDirectoryTokenLastUsed } from '../scim/directory-tokens.js';
import type { AccessTokens } from '../accounts/access-tokens.js';
import { originOfRequest, recordRepeatableRefusal, refuseAuthorization, type RequestOrigin } from '../../platform/audit/identity-trail.js';
import { authorizeAudited, type RefusalRecorder } from '../../platform/authorization/authorize-request.js';
import { effectiveScopes, personPermissionsOf, type ScopeRegistry } from '../../platform/authorization/permissions.js';
import { credentialOf, type Principal } from '../../platform/principal.js';
import { actingForTenant, systemScope } from '../../platform/tenancy.js';
import type { RateLimiter } from '../accounts/rate-limiter.js';
import type { Sessions } from '../accounts/sessions.js';

export interface GuardDependencies {
  db: Database;
  accessTokens: AccessTokens;
  sessions: Pick<Sessions, 'isLive'>;
  limiter: RateLimiter;
  registry: ScopeRegistry;
  /** Requests per minute per credential: per API key, per workload, per person for sessions. */
  perMinute: number;
  /** The time refusal windows are measured by. */
  now: () => Date;
  /** Where a refusal of the operation is recorded, when its module keeps a trail of its own; otherwise the identity trail. */
  refusalRecorderOf: (operationId: string) => RefusalRecorder | undefined;
}

/** The security scheme of the directory protocol (/api/scim/v2): a directory token is a credential there and nowhere else. */
const DIRECTORY_TOKEN_SCHEME = 'directoryToken';

const BEARER = /^Bearer ([A-Za-z0-9._~+/=-]{1,1024})$/i;

/**
 * Who is calling, and, where the credential's lookup read it on the way (keys and sessions, the
 * callers of nearly every write), whether their organization is scheduled for deletion: a write
 * then needs no round trip of its own to be refused during the grace period.
 */
interface Authenticated {
  principal: Principal;
  deletionScheduled?: boolean;
}

export function createRequestGuard(deps: GuardDependencies): RequestGuard {
  /** Every credential defect ends here: one status, one body (spec 5.12). The reason goes to the log only. */
  const refuse = (log: FastifyBaseLogger, reason: string): never => {
    log.info({ credential_refused: reason }, 'credential refused');
    throw unauthorized();
  };

  const authenticateSession = async (token: string, log: FastifyBaseLogger): Promise<Authenticated> => {
    const claims = deps.accessTokens.verify(token);
    if (!claims) return refuse(log, 'access token not authentic or expired');
    if (!(await deps.sessions.isLive(deps.db, claims))) return refuse(log, 'session ended');
    const acting = await resolveActingMembership(deps.db, claims.userId);
    if (!acting) return refuse(log, 'person belongs to no organization');
    return {
      principal: { kind: 'user', userId: claims.userId, sessionId: claims.sessionId, orgId: acting.orgId, permissions: personPermissionsOf(acting.role) },
      deletionScheduled: acting.deletionScheduled,
    };
  };

  const authenticateApiKey = async (key: string, origin: RequestOrigin, log: FastifyBaseLogger): Promise<Authenticated> => {
    const stored = await findByKey(deps.db, systemScope('authenticate-credential'), key);
    if (!stored) return refuse(log, 'unknown api key');
    if (stored.state !== 'usable') {
      // A known key still in use after revocation or expiry is worth an owner's attention: audit it in its organization.
      // Counted per window, not written per request: presenting the key again costs a caller nothing.
      await recordRepeatableRefusal(deps.db, stored.orgId, origin, { actor: { apiKeyId: stored.id }, subject: stored.id, action: 'api_key.refused', detail: { reason: stored.state } }, deps.now());
      return refuse(log, `api key ${stored.state}`);
    }
    if (stored.lastUseStale) await actingForTenant(stored.orgId, () => touchLastUsed(deps.db, stored.orgId, stored.id));
    // Filtered again here, so a scope that stopped being grantable confers nothing (spec 5.3).
    return {
      principal: { kind: 'api_key', apiKeyId: stored.id, orgId: stored.orgId, permissions: effectiveScopes(stored.scopes, deps.registry) },
      deletionScheduled: stored.organizationDeletionScheduled,
    };
  };

  const authenticateWorkload = async (credential: string, origin: RequestOrigin, log: FastifyBaseLogger): Promise<Authenticated> => {
    const stored = await findWorkloadByCredential(deps.db, systemScope('authenticate-credential'), credential);
    if (!stored) return refuse(log, 'unknown workload credential');
    if (stored.state !== 'usable') {
      // As for keys: a known credential still presented after revocation or expiry goes to its organization's trail, counted per window.
      await recordRepeatableRefusal(deps.db, stored.orgId, origin, { actor: { workloadId: stored.id }, subject: stored.id, action: 'workload.refused', detail: { reason: stored.state } }, deps.now());
      return refuse(log, `workload ${stored.state}`);
    }
    // Bounded by the delegator's role as it is now, read at every request: a demotion narrows the workload at once,
    // and a delegator who left leaves it nothing (every secured operation then answers 403).
    const delegator = await actingForTenant(stored.orgId, async () => {
      if (stored.lastActStale) await touchWorkloadLastActed(deps.db, stored.orgId, stored.id);
      return findMember(deps.db, stored.orgId, stored.delegatedByUserId);
    });
    return { principal: { kind: 'workload', workloadId: stored.id, orgId: stored.orgId, permissions: workloadAuthority(stored.scopes, delegator?.role, deps.registry) } };
  };

  const authenticateDirectoryToken = async (token: string, origin: RequestOrigin, log: FastifyBaseLogger): Promise<Authenticated> => {
    const stored = await findDirectoryToken(deps.db, systemScope('authenticate-credential'), token);
    if (!stored) return refuse(log, 'unknown directory token');
    if (stored.revoked) {
      // As for keys: a revoked token still presented goes to its organization's trail, counted per window.
      await recordRepeatableRefusal(deps.db, stored.orgId, origin, { actor: { directoryTokenId: stored.id }, subject: stored.id, action: 'scim_token.refused', detail: { reason: 'revoked' } }, deps.now());
      return refuse(log, 'directory token revoked');
    }
    if (stored.lastUseStale) await actingForTenant(stored.orgId, () => touchDirectoryTokenLastUsed(deps.db, stored.orgId, stored.id));
    return { principal: { kind: 'directory_token', directoryTokenId: stored.id, orgId: stored.orgId, permissions: new Set() } };
  };

  const authenticate = async (request: FastifyRequest, security: OperationSecurity, origin: RequestOrigin): Promise<Authenticated> => {
    const header = request.headers.authorization;
    if (header === undefined) return refuse(request.log, 'no credential');
    const credential = BEARER.exec(header)?.[1];
    if (credential === undefined) return refuse(request.log, 'malformed authorization header');
    // The directory protocol and the rest of the API are two realms: a directory token is a credential only where
    // the operation accepts it, and an operation of the directory protocol accepts no other credential.
    const directoryProtocol = security.schemes.includes(DIRECTORY_TOKEN_SCHEME);
    if (credential.startsWith(DIRECTORY_TOKEN_PREFIX)) {
      return directoryProtocol ? authenticateDirectoryToken(credential, origin, request.log) : refuse(request.log, 'directory token outside the directory protocol');
    }
    if (directoryProtocol && security.schemes.length === 1) return refuse(request.log, 'the directory protocol takes a directory token');
    if (credential.startsWith(API_KEY_PREFIX)) return authenticateApiKey(credential, origin, request.log);
    if (credential.startsWith(WORKLOAD_CREDENTIAL_PREFIX)) return authenticateWorkload(credential, origin, request.log);
    return authenticateSession(credential, request.log);
  };

  const admit = async (principal: Principal, security: OperationSecurity, origin: RequestOrigin): Promise<void> => {
    const refuse = deps.refusalRecorderOf(security.operationId) ?? refuseAuthorization;
    if (security.delegatesAuthority && principal.kind !== 'user') {
      // Spec 5.5: refused for what the caller is, before any permission is consulted, so no scope a machine holds can matter.
      await refuse(deps.db, principal, origin, security.operationId, delegationRefused(principal.kind));
    }
    if (security.permission !== undefined) await authorizeAudited(deps.db, principal, origin, security.operationId, security.permission, refuse);
    // A machine (key or workload) is admitted only where the document accepts keys and names the scope it needs;
    // authentication has already confined a directory token to the directory protocol.
    const accepted =
      principal.kind === 'user'
        ? security.schemes.includes('session')
        : principal.kind === 'directory_token' || (security.schemes.includes('apiKey') && security.permission !== undefined);
    if (!accepted) {
      const needs = security.schemes.includes('session') ? 'a browser session' : 'an API key';
      await refuse(deps.db, principal, origin, security.operationId, new AppError('forbidden', `this operation needs ${needs}`, { details: { principal: principal.kind } }));
    }
  };

  return async (request, security) => {
    const origin = originOfRequest(request);
    const { principal, deletionScheduled } = await authenticate(request, security, origin);
    const rateLimit = await deps.limiter.hit(rateLimitSubject(principal), deps.perMinute, request.log);
    try {
      const expected = request.headers['x-expected-organization'];
      if (expected !== undefined && expected !== principal.orgId) {
        throw conflict('X-Expected-Organization differs from the organization this request acts in');
      }
      await actingForTenant(principal.orgId, async () => {
        await admit(principal, security, origin);
        // Read-only during the grace period: what is written now would be deleted with the rest.
        if (security.refusedDuringDeletionGrace && (deletionScheduled ?? (await isDeletionScheduled(deps.db, principal.orgId)))) {
          throw conflict('organization is scheduled for deletion');
        }
      });
    } catch (error) {
      throw error instanceof AppError ? withHeaders(error, rateLimit) : error;
    }
    return { principal, headers: rateLimit };
  };
}

/** The 403 of a machine principal on an operation that delegates authority. */
const delegationRefused = (kind: Principal['kind']): AppError =>
  new AppError('forbidden', 'only a person can delegate authority: a machine principal (an API key or a workload) cannot', { details: { principal: kind } });

/** Per credential, never per organization or address (spec 8): a key or a workload by its id, a session by its person. */
function rateLimitSubject(principal: Principal): string {
  const { kind, id } = credentialOf(principal);
  return `credential:${kind}:${id}`;
}
