// Resources of the shared security suite (test/support/security-suite.ts) for every
// identity/scim operation with a path parameter: created in a tenant through the API.
import { randomUUID } from 'node:crypto';
import type { ResourceFixture, ResourceRequest } from '../../../../test/support/security-suite.js';
import type { TestApp, TestTenant } from '../../../../test/support/test-app.js';
import { addresslessUserBody, createGroup, createUser, directoryOf, groupBody, patchBody } from './scim-client.js';

const user = async (t: TestApp, tenant: TestTenant) => createUser(await directoryOf(t, tenant));
const group = async (t: TestApp, tenant: TestTenant) => createGroup(await directoryOf(t, tenant));

const userRequest = (body?: unknown): ResourceFixture => async (t, tenant): Promise<ResourceRequest> => ({ params: { id: await user(t, tenant) }, body });
const groupRequest = (body?: unknown): ResourceFixture => async (t, tenant): Promise<ResourceRequest> => ({ params: { id: await group(t, tenant) }, body });

export const securityFixtures: Record<string, ResourceFixture> = {
  revokeScimToken: async (t, tenant) => {
    await t.directoryToken(tenant);
    const listed = await t.call('GET', '/api/v1/identity/scim-tokens', { token: tenant.owner.token });
    return { params: { id: listed.body.scim_tokens[0].id } };
  },
  getScimResourceType: async () => ({ params: { id: 'User' }, missingParams: { id: 'Printer' } }),
  getScimSchema: async () => ({ params: { id: 'urn:ietf:params:scim:schemas:core:2.0:Group' }, missingParams: { id: 'urn:example:no-such-schema' } }),
  getScimUser: userRequest(),
  replaceScimUser: userRequest(addresslessUserBody({ userName: `renamed-${randomUUID()}` })),
  patchScimUser: userRequest(patchBody({ op: 'replace', path: 'displayName', value: 'Renamed' })),
  deleteScimUser: userRequest(),
  getScimGroup: groupRequest(),
  replaceScimGroup: groupRequest(groupBody()),
  patchScimGroup: groupRequest(patchBody({ op: 'replace', path: 'displayName', value: `Renamed ${randomUUID()}` })),
  deleteScimGroup: groupRequest(),
};
