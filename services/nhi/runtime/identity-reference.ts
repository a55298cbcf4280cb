// How a caller names the identity it asks about: by the inventory's id, or as the
// agent knows itself, by the connector that collected it and the provider's own
// identifier (an ARN, a service account's namespace/name), with the kind when the
// connector holds several identities under one identifier.
import { isUuid } from '../../platform/ids.js';
import type { OrgId, Queryable } from '../../platform/db/database.js';

export type IdentityReference = { identityId: string } | { connectorId: string; externalId: string; kind?: string };

export interface InventoryIdentity {
  id: string;
  kind: string;
  provider: string;
  connectorId: string;
  state: 'active' | 'removed';
}

type ResolvedIdentity = { found: InventoryIdentity } | { unknown: 'unknown_identity' | 'ambiguous_identity' };

/**
 * The organization's identity the reference names. Another organization's identity is
 * unknown here, exactly like one nobody has; a provider identifier that names identities
 * of several kinds under one connector, with no kind to tell them apart, is ambiguous.
 */
export async function resolveIdentity(q: Queryable, orgId: OrgId, reference: IdentityReference): Promise<ResolvedIdentity> {
  const columns = 'id, kind, provider, connector_id AS "connectorId", state';
  if ('identityId' in reference) {
    if (!isUuid(reference.identityId)) return { unknown: 'unknown_identity' };
    const found = await q.query<InventoryIdentity>(`SELECT ${columns} FROM nhi_identities WHERE org_id = $1 AND id = $2`, [orgId, reference.identityId]);
    return found.rows[0] === undefined ? { unknown: 'unknown_identity' } : { found: found.rows[0] };
  }
  if (!isUuid(reference.connectorId)) return { unknown: 'unknown_identity' };
  const found = await q.query<InventoryIdentity>(
    `SELECT ${columns} FROM nhi_identities WHERE org_id = $1 AND connector_id = $2 AND external_id = $3 AND ($4::text IS NULL OR kind = $4) ORDER BY kind LIMIT 2`,
    [orgId, reference.connectorId, reference.externalId, reference.kind ?? null],
  );
  if (found.rows.length > 1) return { unknown: 'ambiguous_identity' };
  return found.rows[0] === undefined ? { unknown: 'unknown_identity' } : { found: found.rows[0] };
}

/** The text a reference is counted under when nobody has the identity it names (denial windows). */
export const referenceText = (reference: IdentityReference): string =>
  'identityId' in reference ? `id:${reference.identityId}` : `external:${reference.connectorId}:${reference.kind ?? ''}:${reference.externalId}`;
