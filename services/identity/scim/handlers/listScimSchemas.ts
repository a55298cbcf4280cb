import { allSchemas } from '../discovery.js';
import { directoryCallerOf, scimAnswer, type ScimHandler } from '../scim-http.js';

/** GET /api/scim/v2/Schemas: the User, enterprise User and Group schemas. */
export function listScimSchemas(): ScimHandler<'listScimSchemas'> {
  return async (ctx) => {
    directoryCallerOf(ctx);
    return scimAnswer(200, allSchemas());
  };
}
