import type { OperationHandler } from '../../../platform/http/handler.js';
import { serviceProviderConfig } from '../discovery.js';
import { directoryCallerOf, scimAnswer } from '../scim-http.js';

/** GET /api/scim/v2/ServiceProviderConfig: what this service provider supports. */
export function getScimServiceProviderConfig(): OperationHandler {
  return async (ctx) => {
    directoryCallerOf(ctx);
    return scimAnswer(200, serviceProviderConfig());
  };
}
