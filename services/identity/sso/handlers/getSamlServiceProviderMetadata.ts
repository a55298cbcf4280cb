import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { notFound } from '../../../platform/errors.js';
import { systemScope } from '../../../platform/tenancy.js';
import { endpointsOf } from '../endpoints.js';
import { findProviderById } from '../providers.js';
import { serviceProviderMetadata } from '../saml.js';

/** GET /api/v1/auth/sso/{providerId}/saml/metadata: this service's SP metadata for a SAML provider (enabled or not: it is configured first). */
export function getSamlServiceProviderMetadata(deps: { db: Database; publicBaseUrl: string }): OperationHandler<'getSamlServiceProviderMetadata'> {
  return async (ctx) => {
    const provider = await findProviderById(deps.db, systemScope('find-sso-provider'), ctx.params.providerId);
    if (provider?.protocol !== 'saml') throw notFound();
    const metadata = serviceProviderMetadata(provider.settings, endpointsOf(deps.publicBaseUrl, provider));
    return { status: 200, body: metadata, headers: { 'content-type': 'application/samlmetadata+xml; charset=utf-8' } };
  };
}
