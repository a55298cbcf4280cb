import { allResourceTypes } from '../discovery.js';
import { directoryCallerOf, scimAnswer, type ScimHandler } from '../scim-http.js';

/** GET /api/scim/v2/ResourceTypes: User and Group. */
export function listScimResourceTypes(): ScimHandler<'listScimResourceTypes'> {
  return async (ctx) => {
    directoryCallerOf(ctx);
    return scimAnswer(200, allResourceTypes());
  };
}
