// Registry credentials (spec 2.4, 6.2): a username and a secret
// per registry host, sealed at rest, listed with their status and never returned.
// The scan worker reaches them through the logins the composition root hands to
// scans (createRegistryLogins), so neither capability imports the other.
import type { Config } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import type { CapabilityModule } from '../platform/module.js';
import { createRegistryCredential } from './handlers/createRegistryCredential.js';
import { deleteRegistryCredential } from './handlers/deleteRegistryCredential.js';
import { getRegistryCredential } from './handlers/getRegistryCredential.js';
import { listRegistryCredentials } from './handlers/listRegistryCredentials.js';
import { updateRegistryCredential } from './handlers/updateRegistryCredential.js';
import { createRegistryCredentials, registrySecretBox } from './registry-credentials.js';

export { createRegistryLogins, registrySecretBox, type RegistryLogins } from './registry-credentials.js';

interface RegistryCredentialsDependencies {
  db: Database;
  config: Pick<Config, 'webhookSecretKey'>;
}

export function createRegistryCredentialsModule(deps: RegistryCredentialsDependencies): CapabilityModule {
  const credentials = createRegistryCredentials({ db: deps.db, secretBox: registrySecretBox(deps.config.webhookSecretKey) });
  return {
    name: 'registry-credentials',
    handlers: {
      listRegistryCredentials: listRegistryCredentials({ credentials }),
      createRegistryCredential: createRegistryCredential({ credentials }),
      getRegistryCredential: getRegistryCredential({ credentials }),
      updateRegistryCredential: updateRegistryCredential({ credentials }),
      deleteRegistryCredential: deleteRegistryCredential({ credentials }),
    },
  };
}
