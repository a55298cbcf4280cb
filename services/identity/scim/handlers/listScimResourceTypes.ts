import type { OperationHandler } from '../../../platform/http/handler.js';
import { allResourceTypes } from '../discovery.js';
import { directoryCallerOf, scimAnswer } from '../scim-http.js';

/** GET /api/scim/v2/ResourceTypes: User and Group. */
export function listScimResourceTypes(): OperationHandler {
  return async (ctx) => {
    directoryCallerOf(ctx);
    return scimAnswer(200, allResourceTypes());
  };
}
