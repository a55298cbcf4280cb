// The contract between the collection pipeline and the per-kind collectors (// item 4). A collector walks one provider through the session the run opened and
// emits what it finds; the pipeline turns emissions into records on the inventory
// topic. Collectors never touch storage themselves.
import type { OrgId } from '../../platform/db/database.js';
import type { ConnectorKind, SynchronizationSession } from '../connectors/index.js';

export interface CollectedIdentity { externalId: string; kind: string; name: string;
  /** Provider-specific facts, JSON-safe, no secrets. */ attributes: Record<string, unknown>;
  /** SHA-256 hex over the whole definition where the kind has one (tool servers), else null. */ fingerprint: string | null;
  /** Only where the kind reports it (spec 8), else null = not reported. */ lastUsedAt: Date | null }
export type EdgeType = 'ASSUMES' | 'HAS_PERMISSION' | 'BELONGS_TO' | 'ACCESSES' | 'AUTHENTICATES_WITH';
export interface CollectedEdge { type: EdgeType; fromExternalId: string; toExternalId: string }
export interface CollectionContext { orgId: OrgId; connector: { id: string; kind: ConnectorKind; endpoint: string | null;
  /** The organization's login a code_hosting_organization connector collects; absent or null for other kinds. */ organization?: string | null;
  /** cloud_account: the one account it collects, and the external id the service generated for role assumption; absent or null for other kinds. */
  accountId?: string | null; externalId?: string | null;
  enabledCapabilities: string[]; settings: Record<string, unknown> }; session: SynchronizationSession;
  emitIdentity(identity: CollectedIdentity): Promise<void>; emitEdge(edge: CollectedEdge): Promise<void>;
  progress(message: string): void }
export interface Collector { kind: ConnectorKind; collect(context: CollectionContext): Promise<void> }
/** A collector that cannot finish throws; a partial collection throws PartialCollectionError(reason). */
export class PartialCollectionError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'PartialCollectionError';
  }
}
