// Every secured operation of api/openapi.yaml x every role and every grantable
// scope: either admitted by the guard or refused with the exact 403 body. The
// operations come from the document's x-permission (or x-permission-any: admitted
// holding any one) and security, so a new route joins the matrix by being declared;
// who holds what comes from the hand-written table of test/support/spec-permissions.ts,
// never from the implementation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedForbiddenBody, isDirectoryProtocol, SCIM_UNAUTHORIZED_BODY, securedOperations, urlOf } from '../../../test/support/security-suite.js';
import { specPersonPermissions, specRoles, specScopesGrantableToMachines, type SpecRole } from '../../../test/support/spec-permissions.js';
import type { ApiResponse } from '../../../test/support/http-client.js';
import { handlerTestProfiles, useTestApp, type TestPerson, type TestTenant } from '../../../test/support/test-app.js';

const operations = securedOperations();

/** The exact 403 when one is expected; otherwise admitted: neither refused nor failing. */
const expectOutcome = (response: ApiResponse, refusal: Record<string, unknown> | undefined): void => {
  if (refusal) {
    expect(response.status).toBe(403);
    expect(response.body).toEqual(refusal);
  } else {
    expect(response.status).toBeLessThan(500);
    expect([401, 403]).not.toContain(response.status);
  }
};

describe.each(handlerTestProfiles)('permission matrix ($profile)', (profile) => {
  // The matrix asks every operation as each role and scope, and after each operation reads the
  // neighbour tenant whole as its owner: thousands of requests a minute from a few credentials.
  // The per-credential limit is not what it tests (the rate-limit tests are), so it is lifted here.
  const t = useTestApp({ ...profile, rateLimit: { perMinute: 1_000_000 } });
  let tenant: TestTenant;
  const people = new Map<SpecRole, TestPerson>();
  const keys = new Map<string, string>();

  beforeAll(async () => {
    tenant = await t.current.tenant();
    people.set('owner', tenant.owner);
    for (const role of specRoles) if (!people.has(role)) people.set(role, await t.current.member(tenant, role));
    for (const scope of specScopesGrantableToMachines) keys.set(scope, (await t.current.apiKey(tenant.owner, [scope])).key);
  });

  // No body: an admitted operation that needs one stops at validation (400) and changes nothing;
  // random ids in the path reach nothing. The guard runs before both.
  const attempt = (operation: (typeof operations)[number], token: string) => t.current.call(operation.method, urlOf(operation), { token });

  describe.each(operations.filter(isDirectoryProtocol))('$method $path ($operationId)', (operation) => {
    // The directory protocol admits a directory token alone: no role and no scope is a credential there.
    it('refuses every role and every API key with the one 401 of the directory protocol', async () => {
      for (const role of specRoles) {
        const { token } = await t.current.login(people.get(role)!);
        expect((await attempt(operation, token)).raw, role).toBe(SCIM_UNAUTHORIZED_BODY);
      }
      for (const scope of specScopesGrantableToMachines) expect((await attempt(operation, keys.get(scope)!)).raw, scope).toBe(SCIM_UNAUTHORIZED_BODY);
    });
  });

  describe.each(operations.filter((operation) => !isDirectoryProtocol(operation)))('$method $path ($operationId)', (operation) => {
    // Once per operation rather than per attempt: the neighbour's reads count against its owner's rate limit.
    afterAll(() => t.current.expectNeighbourUntouched());

    it.each(specRoles)('as %s', async (role) => {
      // A session of its own, because some operations (logout) end the session they are called with.
      const { token } = await t.current.login(people.get(role)!);
      expectOutcome(await attempt(operation, token), expectedForbiddenBody(operation, 'user', specPersonPermissions(role)));
    });

    it.each(specScopesGrantableToMachines)('with an API key holding only %s', async (scope) => {
      expectOutcome(await attempt(operation, keys.get(scope)!), expectedForbiddenBody(operation, 'api_key', new Set([scope])));
    });
  });
});
