import { serviceProviderConfig } from '../discovery.js';
import { directoryCallerOf, scimAnswer, type ScimHandler } from '../scim-http.js';

/** GET /api/scim/v2/ServiceProviderConfig: what this service provider supports. */
export function getScimServiceProviderConfig(): ScimHandler<'getScimServiceProviderConfig'> {
  return async (ctx) => {
    directoryCallerOf(ctx);
    return scimAnswer(200, serviceProviderConfig());
  };
}
