// Every secured operation of api/openapi.yaml x every role and every grantable
// scope: either admitted by the guard or refused with the exact 403 body. Generated
// from the document's x-permission (or x-permission-any: admitted holding any one)
// and security and from the registry, so a new route joins the matrix by being declared.
import { beforeAll, describe, expect, it } from 'vitest';
import { expectedForbiddenBody, securedOperations, urlOf } from '../../test/support/security-suite.js';
import { testProfiles, useTestApp, type TestPerson, type TestTenant } from '../../test/support/test-app.js';
import { permissionsOf, roles, scopeRegistry, type Role } from './permissions.js';

const operations = securedOperations();
const scopes = [...scopeRegistry.grantable.keys()];

describe.each(testProfiles)('permission matrix ($profile)', (profile) => {
  const t = useTestApp(profile);
  let tenant: TestTenant;
  const people = new Map<Role, TestPerson>();
  const keys = new Map<string, string>();

  beforeAll(async () => {
    tenant = await t.current.tenant();
    people.set('owner', tenant.owner);
    for (const role of roles) if (!people.has(role)) people.set(role, await t.current.member(tenant, role));
    for (const scope of scopes) keys.set(scope, (await t.current.apiKey(tenant.owner, [scope])).key);
  });

  // No body: an admitted operation that needs one stops at validation (400) and changes nothing;
  // random ids in the path reach nothing. The guard runs before both.
  const attempt = (operation: (typeof operations)[number], token: string) => t.current.call(operation.method, urlOf(operation), { token });

  describe.each(operations)('$method $path ($operationId)', (operation) => {
    it.each(roles)('as %s', async (role) => {
      // A session of its own, because some operations (logout) end the session they are called with.
      const { token } = await t.current.login(people.get(role)!);
      const response = await attempt(operation, token);
      const refusal = expectedForbiddenBody(operation, 'user', permissionsOf(role));
      if (refusal) {
        expect(response.status).toBe(403);
        expect(response.body).toEqual(refusal);
      } else {
        expect([401, 403]).not.toContain(response.status);
      }
    });

    it.each(scopes)('with an API key holding only %s', async (scope) => {
      const response = await attempt(operation, keys.get(scope)!);
      const refusal = expectedForbiddenBody(operation, 'api_key', new Set([scope]));
      if (refusal) {
        expect(response.status).toBe(403);
        expect(response.body).toEqual(refusal);
      } else {
        expect([401, 403]).not.toContain(response.status);
      }
    });
  });
});
