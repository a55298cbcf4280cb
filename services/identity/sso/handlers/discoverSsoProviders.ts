import type { Database } from '../../../platform/db/database.js';
import type { OperationHandler } from '../../../platform/http/handler.js';
import { systemScope } from '../../../platform/tenancy.js';
import { verifiedDomainOwnerOf } from '../../domains/index.js';
import { endpointsOf } from '../endpoints.js';
import { listEnabledProviders } from '../providers.js';

/**
 * POST /api/v1/auth/sso/discover: the enabled providers of the organization that has
 * verified the address's domain, and whether it enforces SSO. What it reveals is what
 * a sign-in attempt reveals anyway (a password sign-in answers sso_required); never the
 * organization.
 */
export function discoverSsoProviders(deps: { db: Database; publicBaseUrl: string }): OperationHandler<'discoverSsoProviders'> {
  return async (ctx) => {
    const { email } = ctx.body;
    const owner = await verifiedDomainOwnerOf(deps.db, systemScope('match-verified-domain'), email);
    const providers = owner ? await listEnabledProviders(deps.db, owner.orgId) : [];
    return {
      status: 200,
      body: {
        providers: providers.map((provider) => ({ id: provider.id, name: provider.name, protocol: provider.protocol, start_url: endpointsOf(deps.publicBaseUrl, provider).startUrl })),
        sso_required: providers.some((provider) => provider.enforced),
      },
    };
  };
}
