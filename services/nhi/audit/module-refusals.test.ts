import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../../../test/support/databases.js';
import { asOrgId } from '../../../test/support/org-ids.js';
import { personPermissionsOf } from '../../platform/authorization/permissions.js';
import { createLogger } from '../../platform/logger.js';
import type { RequestContext } from '../../platform/http/handler.js';
import type { Principal } from '../../platform/principal.js';
import { authorizeModuleRequest } from './module-refusals.js';
import { readChain } from './records.js';

describe.each(databaseProfiles)('authorizeModuleRequest ($name)', ({ create }) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await create();
  });
  afterAll(async () => {
    await database.drop();
  });

  const contextOf = (principal: Principal): RequestContext => ({
    operationId: 'updateConnector',
    requestId: 'req-authorize',
    params: {},
    query: {},
    body: undefined,
    headers: {},
    clientIp: '192.0.2.10',
    log: createLogger('silent'),
    principal,
  });

  it('passes a held permission silently and refuses a missing one with 403, recorded as authz.denied', async () => {
    const orgId = asOrgId((await database.db.query<{ id: string }>("INSERT INTO organizations (name) VALUES ('Refusals') RETURNING id")).rows[0]!.id);
    const userId = randomUUID();
    const viewer: Principal = { kind: 'user', userId, sessionId: randomUUID(), orgId, permissions: personPermissionsOf('viewer') };
    await authorizeModuleRequest(database.db, contextOf(viewer), 'inventory:read');
    expect(await readChain(database.db, orgId, 0, 10)).toEqual([]);

    await expect(authorizeModuleRequest(database.db, contextOf(viewer), 'connectors:manage')).rejects.toMatchObject({
      status: 403,
      details: { required_scope: 'connectors:manage', principal: 'user' },
    });
    expect(await readChain(database.db, orgId, 0, 10)).toMatchObject([
      {
        action: 'authz.denied',
        actorKind: 'person',
        actorId: userId,
        subject: 'updateConnector',
        result: 'failure',
        sourceAddress: '192.0.2.10',
        correlationId: 'req-authorize',
        // Not a member of the organization (a principal made up for the test): no module role.
        detail: { operation_id: 'updateConnector', reason: 'missing permission connectors:manage', required_permission: 'connectors:manage', principal: 'user', module_roles: [] },
      },
    ]);
  });
});
