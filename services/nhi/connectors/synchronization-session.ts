// What a synchronization run opens first (the collection pipeline calls this
// before anything else): the connector's credentials, resolved from what the
// deployment holds, then the provider client it will call through. An unknown
// reference fails here with configuration_error, so no provider call is ever made
// with missing credentials (spec 5.14).
import type { OrgId } from '../../platform/db/database.js';
import { resolveConnectorCredentials, type ConnectorCredentials } from './credentials-reference.js';
import type { ConnectorEgressPolicy } from './endpoint-policy.js';
import type { ConnectorKind } from './kinds.js';
import { createProviderClient, type ProviderClient } from './provider-client.js';
import type { Clock } from './request-pacer.js';

export interface SynchronizationSessionDeps {
  /** CONNECTOR_CREDENTIALS_DIR */
  credentialsDirectory: string;
  egress: ConnectorEgressPolicy;
  /** CONNECTOR_CA_FILE */
  trustedCaPem?: string;
  clock?: Clock;
}

export interface SynchronizationSession {
  credentials: ConnectorCredentials;
  client: ProviderClient;
}

export async function openSynchronizationSession(
  deps: SynchronizationSessionDeps,
  orgId: OrgId,
  connector: { kind: ConnectorKind; credentialsReference: string },
): Promise<SynchronizationSession> {
  const credentials = await resolveConnectorCredentials({ directory: deps.credentialsDirectory }, orgId, connector.credentialsReference);
  const client = createProviderClient({ kind: connector.kind, policy: deps.egress, trustedCaPem: deps.trustedCaPem, clock: deps.clock });
  return { credentials, client };
}
