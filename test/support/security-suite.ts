// The shared security suite. Every module with a secured operation runs it over
// all of its operations, from services/<module>/security.test.ts:
//
//   describeModuleSecurity('findings');
//
// The operations are the ones the module handles (its entry's handlers), and the
// resource fixtures the ones of services/<module>/testing/security-fixtures.ts, found
// by the module's name so no production file imports test code: there is no filter to forget,
// and services/modules.test.ts fails when a module with a secured operation has no
// such file. For each of the module's secured operations it asserts:
//   - the document declares the refusals the guard can produce (401, 403, 409, 429, 503; 404 with a path parameter);
//   - no credential -> 401 with the one body;
//   - an API key holding every grantable scope except the one (or x-permission-any's) needed -> 403 naming required_scope and principal api_key
//     (on an operation that delegates authority, the delegation refusal instead: it comes before any permission);
//   - for an operation with a path parameter: another tenant's resource -> 404 byte-identical to a missing one.
//     The module contributes a fixture that creates the resource in a tenant and answers the request that reaches it.
//     A path parameter that names no resource of the organization (x-path-names-no-resource: an advisory, which
//     any organization may have findings of) answers 200 with nothing of the other tenant's, byte-identical too.
//     One that names a definition of a protocol, the same for every organization (x-path-names-definition: a SCIM
//     schema), answers every tenant the same bytes, and a missing one 404.
// Operations of the directory protocol (/api/scim/v2, the directoryToken scheme alone) admit a directory token and
// no other credential: a missing credential, an API key and a session all get the one 401, in SCIM's error shape,
// and the other tenant acts with a directory token of its own.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPermission, scopeRegistry } from '../../services/platform/authorization/permissions.js';
import type { CapabilityModule } from '../../services/platform/module.js';
import { moduleCatalogue } from './module-catalogue.js';
import { declaredPermission, delegatesAuthority, type RequiredPermission } from '../../services/platform/http/handler.js';
import { loadOpenApiDocument } from '../../services/platform/http/openapi-document.js';
import { handlerTestProfiles, useTestApp, type TestApp, type TestTenant } from './test-app.js';

export interface SecuredOperation {
  operationId: string;
  method: string;
  /** As written in the document, with {placeholders}. */
  path: string;
  tags: string[];
  /** Accepted security schemes: 'session', 'apiKey', 'directoryToken'. */
  schemes: string[];
  /** x-permission, or the list of x-permission-any, if any. */
  permission: RequiredPermission | undefined;
  /** x-delegates-authority: a machine principal is refused before any permission is consulted. */
  delegatesAuthority: boolean;
  pathParameters: string[];
  /** x-path-names-no-resource: the path parameters name nothing the organization owns, so no value of theirs is a 404. */
  pathNamesNoResource: boolean;
  /** x-path-names-definition: the path parameters name a protocol's definition, the same for every organization. */
  pathNamesDefinition: boolean;
  declaredStatuses: string[];
}

/** A request reaching one resource: path parameters and, where the operation needs one, a valid body. */
export interface ResourceRequest {
  params: Record<string, string>;
  body?: unknown;
  /**
   * Path parameters of the request that reaches nothing, for parameters that are
   * not ids (a version number); the others get fresh random ids.
   */
  missingParams?: Record<string, string>;
}

/** Creates a resource in the tenant and answers the request that reaches it. */
export type ResourceFixture = (t: TestApp, tenant: TestTenant) => Promise<ResourceRequest>;

/** The module's resource fixtures by operationId, from services/<module>/testing/security-fixtures.ts when it has one. */
export async function securityFixturesOf(moduleName: string): Promise<Record<string, ResourceFixture>> {
  const file = new URL(`../../services/${moduleName}/testing/security-fixtures.ts`, import.meta.url);
  if (!existsSync(fileURLToPath(file))) return {};
  const loaded = (await import(file.href)) as { securityFixtures: Record<string, ResourceFixture> };
  return loaded.securityFixtures;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
const UNAUTHORIZED_BODY = '{"error":"authentication required","code":"unauthorized"}';
/** The one 401 of the directory protocol, in SCIM's error shape. */
export const SCIM_UNAUTHORIZED_BODY = '{"schemas":["urn:ietf:params:scim:api:messages:2.0:Error"],"status":"401","detail":"authentication required"}';

/** Whether the operation belongs to the directory protocol: a directory token is the only credential it admits. */
export const isDirectoryProtocol = (operation: Pick<SecuredOperation, 'schemes'>): boolean => operation.schemes.length === 1 && operation.schemes[0] === 'directoryToken';

/** Every operation of api/openapi.yaml that declares security, in document order. */
export function securedOperations(): SecuredOperation[] {
  const document = loadOpenApiDocument();
  const operations: SecuredOperation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = item?.[method];
      if (!operation?.operationId) continue;
      const schemes = (operation.security ?? document.security ?? []).flatMap((requirement) => Object.keys(requirement));
      if (schemes.length === 0) continue;
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        tags: operation.tags ?? [],
        schemes,
        permission: declaredPermission(operation),
        delegatesAuthority: delegatesAuthority(operation),
        pathParameters: [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!),
        pathNamesNoResource: (operation as { 'x-path-names-no-resource'?: boolean })['x-path-names-no-resource'] === true,
        pathNamesDefinition: (operation as { 'x-path-names-definition'?: boolean })['x-path-names-definition'] === true,
        declaredStatuses: Object.keys(operation.responses ?? {}),
      });
    }
  }
  return operations;
}

/** The operation's URL with the given path parameters, and fresh random ids for the others. */
export function urlOf(operation: SecuredOperation, params: Record<string, string> = {}): string {
  return operation.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? randomUUID()));
}

/** Every permission the operation names: its x-permission, or each of x-permission-any. */
export const permissionsNamed = (operation: SecuredOperation): readonly string[] =>
  operation.permission === undefined ? [] : typeof operation.permission === 'string' ? [operation.permission] : operation.permission;

/**
 * The 403 the guard answers when the principal is a machine on an operation that delegates
 * authority, or lacks the operation's permission (all of x-permission-any) or credential kind.
 */
export function expectedForbiddenBody(operation: SecuredOperation, principal: 'user' | 'api_key' | 'workload', held: ReadonlySet<string>): Record<string, unknown> | undefined {
  if (operation.delegatesAuthority && principal !== 'user') {
    return { error: 'only a person can delegate authority: a machine principal (an API key or a workload) cannot', code: 'forbidden', principal };
  }
  const named = permissionsNamed(operation);
  if (named.length > 0 && !named.some((permission) => held.has(permission))) {
    return { error: `missing permission ${named.join(' or ')}`, code: 'forbidden', required_scope: named[0], principal };
  }
  const accepted = principal === 'user' ? operation.schemes.includes('session') : operation.schemes.includes('apiKey') && named.length > 0;
  if (accepted) return undefined;
  return { error: `this operation needs ${operation.schemes.includes('session') ? 'a browser session' : 'an API key'}`, code: 'forbidden', principal };
}

/** The secured operations a module handles. */
export function securedOperationsOf(module: CapabilityModule): SecuredOperation[] {
  return securedOperations().filter((operation) => Object.hasOwn(module.handlers, operation.operationId));
}

export function describeModuleSecurity(moduleName: string): void {
  const module = moduleCatalogue().find((candidate) => candidate.name === moduleName);
  if (!module) throw new Error(`no module named ${moduleName} in services/modules.ts`);
  const operations = securedOperationsOf(module);
  const grantable = [...scopeRegistry.grantable.keys()];
  let fixtures: Record<string, ResourceFixture> = {};

  describe(`security suite: ${moduleName}`, () => {
    beforeAll(async () => {
      fixtures = await securityFixturesOf(moduleName);
    });

    it('selects at least one operation', () => {
      expect(operations.length).toBeGreaterThan(0);
    });

    describe.each(operations)('document: $operationId', (operation) => {
      it('declares every refusal the guard can produce', () => {
        // The directory protocol asks no permission: its guard refuses a credential (401) and never a permission (403).
        const needed = ['401', ...(isDirectoryProtocol(operation) ? [] : ['403']), '409', '429', '503', ...(operation.pathParameters.length > 0 && !operation.pathNamesNoResource ? ['404'] : [])];
        expect(needed.filter((status) => !operation.declaredStatuses.includes(status))).toEqual([]);
      });

      it('names a known permission, and one whenever API keys are accepted', () => {
        for (const permission of permissionsNamed(operation)) expect(isPermission(permission)).toBe(true);
        if (operation.schemes.includes('apiKey')) expect(operation.permission).toBeDefined();
      });

      if (operation.pathParameters.length > 0) {
        it('has a resource fixture registered', () => {
          expect(fixtures[operation.operationId], `contribute a security fixture for ${operation.operationId} in services/${moduleName}/testing/security-fixtures.ts`).toBeTypeOf('function');
        });
      }
    });

    describe.each(handlerTestProfiles)('$profile', (profile) => {
      const t = useTestApp(profile);

      describe.each(operations)('$operationId', (operation) => {
        it('refuses a request without a credential with the one 401 body', async () => {
          const response = await t.current.call(operation.method, urlOf(operation));
          expect(response.status).toBe(401);
          expect(response.raw).toBe(isDirectoryProtocol(operation) ? SCIM_UNAUTHORIZED_BODY : UNAUTHORIZED_BODY);
        });

        if (isDirectoryProtocol(operation)) {
          it("refuses an API key and a person's session with the directory protocol's one 401 body", async () => {
            const tenant = await t.current.tenant();
            const { key } = await t.current.apiKey(tenant.owner, grantable);
            for (const token of [key, tenant.owner.token]) {
              const response = await t.current.call(operation.method, urlOf(operation), { token });
              expect(response.status).toBe(401);
              expect(response.raw).toBe(SCIM_UNAUTHORIZED_BODY);
            }
          });
        }

        if (!isDirectoryProtocol(operation)) it('refuses an API key holding every grantable scope but the ones needed with 403', async () => {
          const tenant = await t.current.tenant();
          const scopes = grantable.filter((scope) => !permissionsNamed(operation).includes(scope));
          const { key } = await t.current.apiKey(tenant.owner, scopes);
          // The guard runs before validation, so no body is needed to reach the refusal.
          const response = await t.current.call(operation.method, urlOf(operation), { token: key });
          expect(response.status).toBe(403);
          expect(response.body).toEqual(expectedForbiddenBody(operation, 'api_key', new Set(scopes)));
        });

        if (operation.pathParameters.length === 0) return;
        /** The credential a tenant's owner acts with at this operation. */
        const credentialOf = async (tenant: TestTenant): Promise<string> => {
          if (isDirectoryProtocol(operation)) return t.current.directoryToken(tenant);
          return operation.schemes.includes('session') ? tenant.owner.token : (await t.current.apiKey(tenant.owner, grantable)).key;
        };
        if (operation.pathNamesDefinition) {
          it('answers every tenant the same definition, and a missing one 404', async () => {
            const fixture = fixtures[operation.operationId];
            if (!fixture) throw new Error(`no security fixture contributed for ${operation.operationId}`);
            const [owner, other] = await t.current.twoTenants();
            const request = await fixture(t.current, owner);
            const own = await t.current.call(operation.method, urlOf(operation, request.params), { token: await credentialOf(owner) });
            const foreign = await t.current.call(operation.method, urlOf(operation, request.params), { token: await credentialOf(other) });
            const missing = await t.current.call(operation.method, urlOf(operation, request.missingParams), { token: await credentialOf(other) });
            expect(own.status).toBe(200);
            expect(foreign.raw).toBe(own.raw);
            expect(missing.status).toBe(404);
          });
          return;
        }
        it("answers another tenant's resource exactly like a missing one (404)", async () => {
          const fixture = fixtures[operation.operationId];
          if (!fixture) throw new Error(`no security fixture contributed for ${operation.operationId}`);
          const [owner, other] = await t.current.twoTenants();
          const request = await fixture(t.current, owner);
          const credential = await credentialOf(other);
          const before = await t.current.snapshot(owner);

          const foreign = await t.current.call(operation.method, urlOf(operation, request.params), { token: credential, body: request.body });
          const missing = await t.current.call(operation.method, urlOf(operation, request.missingParams), { token: credential, body: request.body });
          const absentStatus = operation.pathNamesNoResource ? 200 : 404;
          expect(foreign.status).toBe(absentStatus);
          expect(missing.status).toBe(absentStatus);
          expect(foreign.raw).toBe(missing.raw);
          expect(await t.current.snapshot(owner), 'a refused request changes nothing').toEqual(before);

          // The resource does exist, for its own tenant: the answer above was about tenancy.
          const ownerCredential = await credentialOf(owner);
          const own = await t.current.call(operation.method, urlOf(operation, request.params), { token: ownerCredential, body: request.body });
          expect(own.status).not.toBe(404);
          expect(own.raw, 'the owner sees what the other tenant does not').not.toBe(foreign.raw);
        });
      });
    });
  });
}
