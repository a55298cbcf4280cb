// An organization's identity providers (table sso_providers, migration 081): what is
// not secret lives in `settings` (jsonb, snake_case as the API spells it); the OIDC
// client secret is sealed with the configured secret box, bound to the row.
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { tenantOfClaim, type SystemScope } from '../../platform/tenancy.js';

export type SsoProtocol = 'oidc' | 'saml';
export type SsoDefaultRole = 'admin' | 'analyst' | 'viewer';

export interface OidcSettings {
  issuer: string;
  client_id: string;
  scopes: string[];
  groups_claim: string | null;
}

export interface SamlSettings {
  idp_entity_id: string;
  sso_url: string;
  /** PEM, normalized. */
  certificates: string[];
  /** null: the metadata URL is the entity id. */
  sp_entity_id: string | null;
  groups_attribute: string | null;
  email_attribute: string | null;
  /** Whether unsolicited (IdP-initiated) responses are accepted: they cannot be bound to a browser. */
  allow_idp_initiated: boolean;
}

interface ProviderCommon {
  id: string;
  orgId: OrgId;
  name: string;
  enabled: boolean;
  enforced: boolean;
  jitProvisioning: boolean;
  defaultRole: SsoDefaultRole;
  createdAt: Date;
  updatedAt: Date;
}

export type SsoProvider =
  | (ProviderCommon & { protocol: 'oidc'; settings: OidcSettings; sealedSecret: string | null })
  | (ProviderCommon & { protocol: 'saml'; settings: SamlSettings; sealedSecret: null });

/** The fields a create or an update writes. */
export type ProviderFields = Pick<ProviderCommon, 'name' | 'enabled' | 'enforced' | 'jitProvisioning' | 'defaultRole'> &
  ({ protocol: 'oidc'; settings: OidcSettings; sealedSecret: string | null } | { protocol: 'saml'; settings: SamlSettings; sealedSecret: null });

interface ProviderRow {
  id: string;
  org_id: string;
  protocol: SsoProtocol;
  name: string;
  enabled: boolean;
  enforced: boolean;
  jit_provisioning: boolean;
  default_role: SsoDefaultRole;
  settings: OidcSettings | SamlSettings | string;
  sealed_secret: Uint8Array | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 'id, org_id, protocol, name, enabled, enforced, jit_provisioning, default_role, settings, sealed_secret, created_at, updated_at';

function toProvider(row: ProviderRow, orgId: OrgId): SsoProvider {
  const common: ProviderCommon = {
    id: row.id,
    orgId,
    name: row.name,
    enabled: row.enabled,
    enforced: row.enforced,
    jitProvisioning: row.jit_provisioning,
    defaultRole: row.default_role,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
  const settings = typeof row.settings === 'string' ? JSON.parse(row.settings) : row.settings;
  return row.protocol === 'oidc'
    ? { ...common, protocol: 'oidc', settings: settings as OidcSettings, sealedSecret: row.sealed_secret === null ? null : Buffer.from(row.sealed_secret).toString('utf8') }
    : { ...common, protocol: 'saml', settings: settings as SamlSettings, sealedSecret: null };
}

export async function listProviders(q: Queryable, orgId: OrgId): Promise<SsoProvider[]> {
  const { rows } = await q.query<ProviderRow>(`SELECT ${COLUMNS} FROM sso_providers WHERE org_id = $1 ORDER BY created_at, id`, [orgId]);
  return rows.map((row) => toProvider(row, orgId));
}

/** The enabled providers of the organization, oldest first: what discovery offers. */
export async function listEnabledProviders(q: Queryable, orgId: OrgId): Promise<SsoProvider[]> {
  const { rows } = await q.query<ProviderRow>(`SELECT ${COLUMNS} FROM sso_providers WHERE org_id = $1 AND enabled ORDER BY created_at, id`, [orgId]);
  return rows.map((row) => toProvider(row, orgId));
}

export async function findProvider(q: Queryable, orgId: OrgId, id: string, options: { forUpdate?: boolean } = {}): Promise<SsoProvider | undefined> {
  const { rows } = await q.query<ProviderRow>(`SELECT ${COLUMNS} FROM sso_providers WHERE org_id = $1 AND id = $2${options.forUpdate ? ' FOR UPDATE' : ''}`, [orgId, id]);
  return rows[0] && toProvider(rows[0], orgId);
}

/** A provider named by an open route's URL, before any organization is known (system operation find-sso-provider). */
export async function findProviderById(q: Queryable, scope: SystemScope, id: string): Promise<SsoProvider | undefined> {
  const { rows } = await q.query<ProviderRow>(`SELECT ${COLUMNS} FROM sso_providers WHERE id = $1`, [id]);
  return rows[0] && toProvider(rows[0], tenantOfClaim(scope, rows[0].org_id));
}

/** Inserts a provider with a fresh id; undefined when the organization has one of that name already. */
export async function insertProvider(tx: Queryable, orgId: OrgId, id: string, fields: ProviderFields): Promise<SsoProvider | undefined> {
  const { rows } = await tx.query<ProviderRow>(
    `INSERT INTO sso_providers (id, org_id, protocol, name, enabled, enforced, jit_provisioning, default_role, settings, sealed_secret)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
     ON CONFLICT (org_id, name) DO NOTHING
     RETURNING ${COLUMNS}`,
    [id, orgId, fields.protocol, fields.name, fields.enabled, fields.enforced, fields.jitProvisioning, fields.defaultRole, JSON.stringify(fields.settings), sealedBytes(fields.sealedSecret)],
  );
  return rows[0] && toProvider(rows[0], orgId);
}

/** Writes every field; undefined when another provider of the organization has the new name. */
export async function updateProvider(tx: Queryable, orgId: OrgId, id: string, fields: ProviderFields): Promise<SsoProvider | undefined> {
  const taken = await tx.query('SELECT 1 FROM sso_providers WHERE org_id = $1 AND name = $2 AND id <> $3', [orgId, fields.name, id]);
  if (taken.rows.length > 0) return undefined;
  const { rows } = await tx.query<ProviderRow>(
    `UPDATE sso_providers
        SET name = $3, enabled = $4, enforced = $5, jit_provisioning = $6, default_role = $7, settings = $8, sealed_secret = $9, updated_at = now()
      WHERE org_id = $1 AND id = $2
      RETURNING ${COLUMNS}`,
    [orgId, id, fields.name, fields.enabled, fields.enforced, fields.jitProvisioning, fields.defaultRole, JSON.stringify(fields.settings), sealedBytes(fields.sealedSecret)],
  );
  return rows[0] && toProvider(rows[0], orgId);
}

/** Deletes the provider; its pending sign-ins, consumed assertions, unredeemed codes and SSO groups go with it (foreign keys). Answers how many SSO groups went. */
export async function deleteProvider(tx: Queryable, orgId: OrgId, id: string): Promise<{ groups: number }> {
  const { rows } = await tx.query<{ groups: number }>('SELECT count(*)::int AS groups FROM directory_groups WHERE org_id = $1 AND sso_provider_id = $2', [orgId, id]);
  await tx.query('DELETE FROM sso_providers WHERE org_id = $1 AND id = $2', [orgId, id]);
  return { groups: rows[0]!.groups };
}

const sealedBytes = (sealed: string | null): Buffer | null => (sealed === null ? null : Buffer.from(sealed, 'utf8'));

/** What the secret is bound to: this provider of this organization, so a ciphertext copied to another row does not open. */
export const secretAssociatedData = (orgId: OrgId, providerId: string): string => `sso_provider:${orgId}:${providerId}`;
