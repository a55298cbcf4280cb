import type { OperationHandler } from '../../../platform/http/handler.js';
import { allSchemas } from '../discovery.js';
import { directoryCallerOf, scimAnswer } from '../scim-http.js';

/** GET /api/scim/v2/Schemas: the User, enterprise User and Group schemas. */
export function listScimSchemas(): OperationHandler {
  return async (ctx) => {
    directoryCallerOf(ctx);
    return scimAnswer(200, allSchemas());
  };
}
