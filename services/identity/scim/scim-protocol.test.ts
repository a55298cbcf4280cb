// The directory protocol's envelope: media types, SCIM error bodies for every refusal
// the facade makes under /api/scim/v2, the per-token rate limit, and the discovery
// resources by id.
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, TEST_PUBLIC_URL, testProfiles, useTestApp } from '../../../test/support/test-app.js';
import { addresslessUserBody, directoryOf, ERROR_SCHEMA, GROUP_SCHEMA, SCIM, USER_SCHEMA } from './testing/scim-client.js';

describe.each(testProfiles)('the SCIM protocol envelope ($profile)', (profile) => {
  const t = useTestApp({ ...profile, rateLimit: { perMinute: 600 } });
  expectNeighbourUntouchedAfterEach(t);

  const raw = async (method: string, url: string, token: string, headers: Record<string, string> = {}, payload?: string) => {
    const response = await t.current.app.fastify.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}`, ...headers }, payload });
    return { status: response.statusCode, headers: response.headers, body: JSON.parse(response.body) as Record<string, unknown> };
  };

  it('answers unknown routes, wrong methods and ids that name nothing with a SCIM 404', async () => {
    const { token } = await directoryOf(t.current, await t.current.tenant());
    for (const [method, path] of [
      ['GET', '/wrongEndpoint'],
      ['PUT', '/Users'],
      ['GET', '/Users/%23'],
      ['GET', `/Users/${encodeURIComponent("@!$^&*()_+=-[].,<>'\":")}`],
      ['GET', '/Users/e87ca7b1-35f4d-493d-96f2-5ba3cf43deb'],
      ['GET', '/Groups/00000000000000000000'],
      ['GET', '/ResourceTypes/Printer'],
      ['GET', `/Schemas/${encodeURIComponent('urn:example:nothing')}`],
    ] as const) {
      const response = await raw(method, `${SCIM}${path}`, token);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body, `${method} ${path}`).toEqual({ schemas: [ERROR_SCHEMA], status: '404', detail: 'not found' });
      expect(response.headers['content-type']).toBe('application/scim+json; charset=utf-8');
    }
  });

  it('reads application/scim+json and application/json, and refuses another media type with a SCIM 415', async () => {
    const { token } = await directoryOf(t.current, await t.current.tenant());
    for (const contentType of ['application/scim+json', 'application/scim+json; charset=utf-8', 'application/json']) {
      const response = await raw('POST', `${SCIM}/Users`, token, { 'content-type': contentType }, JSON.stringify(addresslessUserBody()));
      expect(response.status, contentType).toBe(201);
      expect(response.headers['content-type']).toBe('application/scim+json; charset=utf-8');
    }
    const plain = await raw('POST', `${SCIM}/Users`, token, { 'content-type': 'text/plain' }, JSON.stringify(addresslessUserBody()));
    expect(plain.status).toBe(415);
    expect(plain.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '415' });
  });

  it('counts requests per directory token at the per-credential default (429 in SCIM shape with Retry-After), not per organization', async () => {
    const tenant = await t.current.tenant();
    const [first, second] = [await t.current.directoryToken(tenant), await t.current.directoryToken(tenant)];
    for (let i = 0; i < 600; i += 1) {
      const response = await t.current.app.fastify.inject({ method: 'GET', url: `${SCIM}/ServiceProviderConfig`, headers: { authorization: `Bearer ${first}` } });
      if (response.statusCode !== 200) throw new Error(`request ${i + 1} answered ${response.statusCode}`);
    }
    const refused = await t.current.call('GET', `${SCIM}/Users`, { token: first });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ schemas: [ERROR_SCHEMA], status: '429' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect((await t.current.call('GET', `${SCIM}/Users`, { token: second })).status).toBe(200);
  });

  it('serves each resource type and schema by id, the same to every organization', async () => {
    const [one, two] = await t.current.twoTenants();
    const [a, b] = [await directoryOf(t.current, one), await directoryOf(t.current, two)];
    const group = await a.call('GET', '/ResourceTypes/Group');
    expect(group.body).toMatchObject({ id: 'Group', endpoint: '/Groups', schema: GROUP_SCHEMA, meta: { resourceType: 'ResourceType', location: `${TEST_PUBLIC_URL}${SCIM}/ResourceTypes/Group` } });
    const user = await a.call('GET', `/Schemas/${encodeURIComponent(USER_SCHEMA)}`);
    expect(user.body.attributes.map((attribute: { name: string }) => attribute.name)).toEqual(expect.arrayContaining(['userName', 'name', 'emails', 'active', 'groups']));
    expect((await b.call('GET', `/Schemas/${encodeURIComponent(USER_SCHEMA)}`)).raw).toBe(user.raw);
  });
});
