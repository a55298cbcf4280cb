// API keys (spec 5.3): issuing, listing and revoking keys, and the scopes a key
// may hold. Accounts authenticates presented keys through this entry.
import type { ScopeRegistry } from '../platform/authorization/permissions.js';
import type { Database } from '../platform/db/database.js';
import type { CapabilityModule } from '../platform/module.js';
import { createApiKey } from './handlers/createApiKey.js';
import { listApiKeys } from './handlers/listApiKeys.js';
import { listGrantableScopes } from './handlers/listGrantableScopes.js';
import { revokeApiKey } from './handlers/revokeApiKey.js';

export { API_KEY_PREFIX, findByKey, touchLastUsed } from './api-keys.js';

export function createApiKeysModule(deps: { db: Database; registry: ScopeRegistry }): CapabilityModule {
  const { db, registry } = deps;
  return {
    name: 'api-keys',
    handlers: {
      listGrantableScopes: listGrantableScopes({ registry }),
      listApiKeys: listApiKeys({ db }),
      createApiKey: createApiKey({ db, registry }),
      revokeApiKey: revokeApiKey({ db }),
    },
  };
}
