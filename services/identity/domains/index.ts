// Verified domains: an organization claims a domain and proves it with a
// DNS TXT record. Only a verified domain enables just-in-time provisioning, SSO
// enforcement and the retirement of unverified accounts for its addresses. The
// workers role checks verified domains again every day and lets a domain whose
// record is gone for good lapse.
import type { Database } from '../../platform/db/database.js';
import type { Logger } from '../../platform/logger.js';
import type { CapabilityModule } from '../../platform/module.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { createDomainClaims } from './domain-claims.js';
import { claimIdentityDomain } from './handlers/claimIdentityDomain.js';
import { getIdentityDomain } from './handlers/getIdentityDomain.js';
import { listIdentityDomains } from './handlers/listIdentityDomains.js';
import { reissueIdentityDomainToken } from './handlers/reissueIdentityDomainToken.js';
import { releaseIdentityDomain } from './handlers/releaseIdentityDomain.js';
import { verifyIdentityDomain } from './handlers/verifyIdentityDomain.js';
import { createDomainReverification } from './workers/reverification.js';
import type { TxtResolver } from './txt-resolver.js';

export { domainOfAddress, isVerifiedDomainOf, verifiedDomainOwnerOf, type VerifiedDomainOwner } from './verified-domains.js';
export { createTxtResolver, type TxtResolver } from './txt-resolver.js';

interface DomainsDependencies {
  db: Database;
  codec: CursorCodec;
  logger: Logger;
  /** Looks TXT records up: the configured resolvers in production (createTxtResolver), a loopback DNS server in tests. */
  resolveTxt: TxtResolver;
  /** Token expiry, verification times and the re-verification schedule; tests move it. */
  clock?: () => Date;
}

export function createDomainsModule(deps: DomainsDependencies): CapabilityModule {
  const { db, codec, resolveTxt } = deps;
  const now = deps.clock ?? (() => new Date());
  const claims = createDomainClaims({ db, codec, resolveTxt, now });
  return {
    name: 'identity/domains',
    handlers: {
      listIdentityDomains: listIdentityDomains({ claims }),
      claimIdentityDomain: claimIdentityDomain({ claims }),
      getIdentityDomain: getIdentityDomain({ claims }),
      releaseIdentityDomain: releaseIdentityDomain({ claims }),
      verifyIdentityDomain: verifyIdentityDomain({ claims }),
      reissueIdentityDomainToken: reissueIdentityDomainToken({ claims }),
    },
    workers: () => [createDomainReverification({ db, resolveTxt, now, logger: deps.logger.child({ component: 'domain-reverification' }) })],
  };
}
