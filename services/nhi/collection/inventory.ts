// Reading the inventory (inventory:read): identities with filters,
// one identity, and an identity's relationships in both directions. Last use is
// shown only where the kind reports it; otherwise the literal "not reported" (spec 8).
import type { components } from '../../../api/openapi.js';
import { isUuid } from '../../platform/ids.js';
import type { Database, OrgId } from '../../platform/db/database.js';
import { notFound, validationFailed } from '../../platform/errors.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { defineKeysetOrder, type KeysetRow } from '../../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage } from '../../platform/pagination/page.js';
import { connectorKinds } from '../connectors/index.js';
import type { EdgeType } from './collector.js';
import { PROVIDER_OF_KIND, type IdentityProvider } from './inventory-records.js';
import { isoOrNull } from '../../platform/http/timestamps.js';

const NOT_REPORTED = 'not reported';

/** An identity of the inventory as the API shows it: the document's Identity. */
export type Identity = components['schemas']['Identity'];

/** A relationship of an identity as the API shows it: the document's Relationship. */
export type Relationship = components['schemas']['Relationship'];

interface IdentityRow {
  id: string;
  connector_id: string;
  kind: string;
  provider: IdentityProvider;
  external_id: string;
  name: string;
  principal_type: 'machine' | 'unknown';
  state: 'active' | 'removed';
  attributes: Record<string, unknown>;
  fingerprint: string | null;
  last_used_at: Date | null;
  first_seen_at: Date;
  last_seen_at: Date;
  removed_at: Date | null;
}

interface RelationshipRow {
  id: string;
  edge_type: EdgeType;
  direction: 'outgoing' | 'incoming';
  from_external_id: string;
  to_external_id: string;
  counterpart_identity_id: string | null;
  state: 'active' | 'removed';
  first_seen_at: Date;
  last_seen_at: Date;
  removed_at: Date | null;
}

const identityColumns = 'id, connector_id, kind, provider, external_id, name, principal_type, state, attributes, fingerprint, last_used_at, first_seen_at, last_seen_at, removed_at';

/** Newest first by first sighting: stable, since a row's first-seen time never changes (a re-seen identity keeps it). */
const newestSeenFirst = defineKeysetOrder({
  stable: true,
  keys: [
    { column: 'first_seen_at', type: 'timestamptz', direction: 'desc' },
    { column: 'id', type: 'uuid', direction: 'desc' },
  ],
});

const PROVIDERS: readonly string[] = Object.values(PROVIDER_OF_KIND);
const STATES = ['active', 'removed'];

interface IdentityFilters {
  kind?: unknown;
  provider?: unknown;
  connectorId?: unknown;
  state?: unknown;
}

export function createInventory(deps: { db: Database; codec: CursorCodec }) {
  const { db, codec } = deps;

  async function listIdentities(orgId: OrgId, query: IdentityFilters & { limit?: unknown; cursor?: unknown }) {
    const request = parsePageRequest(query, { orders: ['first_seen'], defaultOrder: 'first_seen' });
    const filters = checkFilters(query);
    const conditions = ['org_id = $1'];
    const params: unknown[] = [orgId];
    for (const [column, value] of [['kind', filters.kind], ['provider', filters.provider], ['connector_id', filters.connectorId], ['state', filters.state]] as const) {
      if (value === undefined) continue;
      params.push(value);
      conditions.push(`${column} = $${params.length}`);
    }
    return readTablePage<IdentityRow & KeysetRow, Identity>({
      q: db,
      codec,
      orgId,
      listing: 'nhi_identities',
      filters,
      request,
      order: newestSeenFirst,
      from: 'nhi_identities',
      columns: identityColumns,
      where: conditions.join(' AND '),
      params,
      toItem: identityViewOf,
    });
  }

  async function selectIdentity(orgId: OrgId, identityId: string): Promise<IdentityRow> {
    if (!isUuid(identityId)) throw notFound();
    const found = await db.query<IdentityRow>(`SELECT ${identityColumns} FROM nhi_identities WHERE org_id = $1 AND id = $2`, [orgId, identityId]);
    if (found.rows[0] === undefined) throw notFound();
    return found.rows[0];
  }

  const getIdentity = async (orgId: OrgId, identityId: string): Promise<Identity> => identityViewOf(await selectIdentity(orgId, identityId));

  /**
   * Edges naming the identity's provider identifier at either end: its own
   * connector's, and those of the organization's connectors of another provider
   * whose own collection holds no identity of that identifier (an edge leaving its
   * provider, such as a cluster's service account assuming an IAM role, lands on the
   * role the cloud-account connector collected). Within one provider identifiers stay
   * connector-scoped. The counterpart is the identity at the other end: the edge's
   * connector's, else one another provider's connector collected under that identifier.
   */
  async function listRelationships(orgId: OrgId, identityId: string, query: { limit?: unknown; cursor?: unknown }) {
    const request = parsePageRequest(query, { orders: ['first_seen'], defaultOrder: 'first_seen' });
    const identity = await selectIdentity(orgId, identityId);
    const kindsOfOtherProviders = connectorKinds.filter((kind) => PROVIDER_OF_KIND[kind] !== identity.provider);
    const otherEnd = 'CASE WHEN r.from_external_id = $3 THEN r.to_external_id ELSE r.from_external_id END';
    return readTablePage<RelationshipRow & KeysetRow, Relationship>({
      q: db,
      codec,
      orgId,
      listing: 'nhi_relationships',
      filters: { identityId: identity.id },
      request,
      order: newestSeenFirst,
      from: `(SELECT r.org_id, r.id, r.edge_type, r.from_external_id, r.to_external_id, r.state, r.first_seen_at, r.last_seen_at, r.removed_at,
                     CASE WHEN r.from_external_id = $3 THEN 'outgoing' ELSE 'incoming' END AS direction,
                     coalesce(
                       (SELECT i.id FROM nhi_identities i
                         WHERE i.org_id = r.org_id AND i.connector_id = r.connector_id AND i.external_id = ${otherEnd}
                         ORDER BY i.first_seen_at, i.id LIMIT 1),
                       (SELECT i.id FROM nhi_identities i
                         WHERE i.org_id = r.org_id AND i.external_id = ${otherEnd} AND i.provider <> $5
                         ORDER BY i.first_seen_at, i.id LIMIT 1)) AS counterpart_identity_id
                FROM nhi_relationships r
               WHERE r.org_id = $1 AND (r.from_external_id = $3 OR r.to_external_id = $3)
                 AND (r.connector_id = $2
                      OR (r.connector_id IN (SELECT c.id FROM nhi_connectors c WHERE c.org_id = $1 AND c.kind = ANY($4::text[]))
                          AND NOT EXISTS (SELECT 1 FROM nhi_identities own WHERE own.org_id = r.org_id AND own.connector_id = r.connector_id AND own.external_id = $3)))) AS relationships`,
      columns: 'id, edge_type, direction, from_external_id, to_external_id, counterpart_identity_id, state, first_seen_at, last_seen_at, removed_at',
      where: 'org_id = $1',
      params: [orgId, identity.connector_id, identity.external_id, kindsOfOtherProviders, identity.provider],
      toItem: relationshipViewOf,
    });
  }

  return { listIdentities, getIdentity, listRelationships };
}
export type Inventory = ReturnType<typeof createInventory>;

function checkFilters(query: IdentityFilters): { kind?: string; provider?: string; connectorId?: string; state?: string } {
  const text = (name: string, value: unknown): string | undefined => {
    if (value === undefined || value === '') return undefined;
    if (typeof value !== 'string') throw validationFailed(`${name} must be given once`);
    return value;
  };
  const kind = text('kind', query.kind);
  const provider = text('provider', query.provider);
  const connectorId = text('connectorId', query.connectorId);
  const state = text('state', query.state);
  if (provider !== undefined && !PROVIDERS.includes(provider)) throw validationFailed(`provider must be one of: ${PROVIDERS.join(', ')}`);
  if (state !== undefined && !STATES.includes(state)) throw validationFailed(`state must be one of: ${STATES.join(', ')}`);
  if (connectorId !== undefined && !isUuid(connectorId)) throw validationFailed('connectorId must be a UUID');
  return { kind, provider, connectorId, state };
}


function identityViewOf(row: IdentityRow): Identity {
  return {
    id: row.id,
    connectorId: row.connector_id,
    kind: row.kind,
    provider: row.provider,
    externalId: row.external_id,
    name: row.name,
    principalType: row.principal_type,
    state: row.state,
    attributes: row.attributes,
    fingerprint: row.fingerprint,
    lastUsedAt: row.last_used_at === null ? NOT_REPORTED : row.last_used_at.toISOString(),
    firstSeenAt: row.first_seen_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    removedAt: isoOrNull(row.removed_at),
  };
}

function relationshipViewOf(row: RelationshipRow): Relationship {
  return {
    id: row.id,
    type: row.edge_type,
    direction: row.direction,
    fromExternalId: row.from_external_id,
    toExternalId: row.to_external_id,
    counterpartIdentityId: row.counterpart_identity_id,
    state: row.state,
    firstSeenAt: row.first_seen_at.toISOString(),
    lastSeenAt: row.last_seen_at.toISOString(),
    removedAt: isoOrNull(row.removed_at),
  };
}
