// NHI connectors (spec 2.12, 5.14): the five kinds and their
// capabilities, the connector egress policy on top of the platform's, the provider
// client every kind calls through, credentials references and credential material.
import type { Config } from '../../platform/config.js';
import { configuredSecretBox } from '../../platform/crypto/secret-box.js';
import type { Database } from '../../platform/db/database.js';
import type { ResolveAll } from '../../platform/egress/destination-policy.js';
import type { CapabilityModule } from '../../platform/module.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { recordModuleRefusal } from '../audit/index.js';
import { createConnectors } from './connectors.js';
import { createCredentialMaterial } from './credential-material.js';
import type { ConnectorEgressPolicy } from './endpoint-policy.js';
import { createConnector } from './handlers/createConnector.js';
import { deleteConnector } from './handlers/deleteConnector.js';
import { getConnector } from './handlers/getConnector.js';
import { listConnectors } from './handlers/listConnectors.js';
import { storeCredentialMaterial } from './handlers/storeCredentialMaterial.js';
import { updateConnector } from './handlers/updateConnector.js';

export { findConnector, type Connector } from './connectors.js';
export { bearerAuthorization } from './bearer-authorization.js';
export { resolveConnectorCredentials, type ConnectorCredentials } from './credentials-reference.js';
export { checkConnectorEndpoint, resolveEndpoint, type ConnectorEgressPolicy } from './endpoint-policy.js';
export { connectorKinds, kindDefinitions, type ConnectorKind, type ConnectorSettings } from './kinds.js';
export { openSynchronizationSession, type SynchronizationSession, type SynchronizationSessionDeps } from './synchronization-session.js';
export { createProviderClient, MAX_RESPONSE_BYTES, ProviderCallError, type ProviderClient, type ProviderRequest, type ProviderResponse } from './provider-client.js';

export type ConnectorsConfig = Pick<Config, 'webhookSecretKey' | 'connectorAllowedHosts' | 'connectorAllowPrivateEndpoints'>;

interface ConnectorsDependencies {
  db: Database;
  codec: CursorCodec;
  config: ConnectorsConfig;
  /** Resolves endpoint names; the system resolver unless given (tests never use DNS). */
  resolveEndpoint?: ResolveAll;
}

/** The connector egress policy the configuration describes. */
export const connectorEgressPolicy = (config: Pick<Config, 'connectorAllowedHosts' | 'connectorAllowPrivateEndpoints'>, resolve?: ResolveAll): ConnectorEgressPolicy => ({
  allowedHosts: config.connectorAllowedHosts,
  allowPrivate: config.connectorAllowPrivateEndpoints,
  resolve,
});

export function createConnectorsModule(deps: ConnectorsDependencies): CapabilityModule {
  const { db, codec, config } = deps;
  const connectors = createConnectors({ db, codec, egress: connectorEgressPolicy(config, deps.resolveEndpoint) });
  const material = createCredentialMaterial({ db, secretBox: configuredSecretBox(config.webhookSecretKey) });
  return {
    name: 'nhi/connectors',
    handlers: {
      listConnectors: listConnectors({ connectors }),
      createConnector: createConnector({ connectors }),
      getConnector: getConnector({ connectors }),
      updateConnector: updateConnector({ connectors }),
      deleteConnector: deleteConnector({ connectors }),
      storeCredentialMaterial: storeCredentialMaterial({ material }),
    },
    // A refusal of these operations is recorded as authz.denied in the module's own chain.
    refusalRecorder: recordModuleRefusal,
  };
}
