// Values of the nhi-inventory topic (schemas/nhi-inventory-record.avsc): what a
// synchronization run publishes and the inventory processor applies.
import type { ConnectorKind } from '../connectors/index.js';
import type { EdgeType } from './collector.js';

/** The provider each connector kind collects from: an identity's provider, as the inventory filters by it. */
export const PROVIDER_OF_KIND = {
  cloud_account: 'aws',
  code_hosting_organization: 'github',
  container_cluster: 'kubernetes',
  secrets_manager: 'vault',
  tool_server: 'mcp',
} as const satisfies Readonly<Record<ConnectorKind, string>>;

/** An identity's provider. */
export type IdentityProvider = (typeof PROVIDER_OF_KIND)[ConnectorKind];

export type RunOutcome = 'completed' | 'partial' | 'failed';

/** machine, or unknown where the provider cannot tell a machine from a person (people never travel). */
export type RecordedPrincipalType = 'machine' | 'unknown';

interface RunRecordFields {
  org_id: string;
  connector_id: string;
  run_id: string;
  sequence: number;
}

export interface IdentityRecord extends RunRecordFields {
  connector_kind: string;
  external_id: string;
  kind: string;
  name: string;
  principal_type: RecordedPrincipalType;
  attributes_json: string;
  fingerprint: string | null;
  last_used_at: number | null;
  observed_at: number;
}

export interface EdgeRecord extends RunRecordFields {
  edge_type: EdgeType;
  from_external_id: string;
  to_external_id: string;
  observed_at: number;
}

export interface RunEndRecord extends RunRecordFields {
  status: RunOutcome;
  identity_count: number;
  edge_count: number;
  reason: string | null;
  ended_at: number;
}

/** Exactly one of the three is set. */
export interface InventoryRecord {
  identity: IdentityRecord | null;
  edge: EdgeRecord | null;
  run_end: RunEndRecord | null;
}
