// Connectors (spec 2.12, 5.14): every rule lives here, so the
// handlers only translate. Changes need connectors:manage (Organization Admin),
// reads inventory:read; both checked by the HTTP layer (x-permission in
// api/modules/nhi-connectors.yaml). Every change is written to the module's audit
// trail in the transaction that makes it. An endpoint is checked by the connector
// egress policy, and its name resolved, before the transaction opens.
import type { components } from '../../../api/openapi.js';
import { isUuid } from '../../platform/ids.js';
import { randomBytes, randomUUID } from 'node:crypto';
import type { Database, OrgId, Queryable } from '../../platform/db/database.js';
import { notFound, validationFailed } from '../../platform/errors.js';
import type { CursorCodec } from '../../platform/pagination/cursor.js';
import { newestFirst, type KeysetRow } from '../../platform/pagination/keyset.js';
import { parsePageRequest, readTablePage } from '../../platform/pagination/page.js';
import type { AuditAction } from '../audit/index.js';
import { recordCallerAudit, type ConnectorCaller } from './caller.js';
import { checkCredentialsReference } from './credentials-reference.js';
import { checkConnectorEndpoint, resolveEndpoint, type ConnectorEgressPolicy } from './endpoint-policy.js';
import { kindDefinitions, type ConnectorKind, type ConnectorSettings } from './kinds.js';

/** A connector as the API shows it: the document's Connector. */
export type Connector = components['schemas']['Connector'];

export interface CreateConnectorInput {
  kind: ConnectorKind;
  name: string;
  enabledCapabilities: string[];
  settings?: ConnectorSettings;
  endpoint?: string;
  accountId?: string;
  organization?: string;
  credentialsReference: string;
}

/** What PATCH may change. The kind, and the account or organization a connector collects, never change: that is another connector. */
export interface UpdateConnectorInput {
  name?: string;
  enabled?: boolean;
  enabledCapabilities?: string[];
  settings?: ConnectorSettings;
  endpoint?: string;
  credentialsReference?: string;
}

interface ConnectorRow {
  id: string;
  kind: ConnectorKind;
  name: string;
  enabled: boolean;
  enabled_capabilities: string[];
  settings: ConnectorSettings;
  endpoint: string | null;
  account_id: string | null;
  organization: string | null;
  external_id: string | null;
  credentials_reference: string;
  created_by_user_id: string;
  created_at: Date;
  updated_at: Date;
}

const connectorColumns =
  'id, kind, name, enabled, enabled_capabilities, settings, endpoint, account_id, organization, external_id, credentials_reference, created_by_user_id, created_at, updated_at';

interface ConnectorsDeps {
  db: Database;
  codec: CursorCodec;
  egress: ConnectorEgressPolicy;
  now?: () => Date;
}

/** One connector of the organization, or undefined: what a synchronization run reads before it starts. */
export async function findConnector(q: Queryable, orgId: OrgId, connectorId: string): Promise<Connector | undefined> {
  if (!isUuid(connectorId)) return undefined;
  const found = await q.query<ConnectorRow>(`SELECT ${connectorColumns} FROM nhi_connectors WHERE org_id = $1 AND id = $2`, [orgId, connectorId]);
  return found.rows[0] && toView(found.rows[0]);
}

export function createConnectors(deps: ConnectorsDeps) {
  const { db, codec, egress } = deps;
  const now = deps.now ?? (() => new Date());

  /** The URL checked, then its name resolved and every address checked: a network call, so never inside a transaction. */
  async function vetEndpoint(kind: ConnectorKind, raw: string): Promise<string> {
    const checked = checkConnectorEndpoint(raw, kind, egress);
    if (!checked.ok) throw validationFailed(checked.reason);
    let resolved;
    try {
      resolved = await resolveEndpoint(checked.url, egress);
    } catch {
      throw validationFailed('endpoint host name could not be resolved');
    }
    if (!resolved.ok) throw validationFailed(resolved.reason.replace(/^destination/, 'endpoint'));
    return checked.url.href;
  }

  const record = (tx: Queryable, caller: ConnectorCaller, action: AuditAction, connectorId: string, detail: Record<string, unknown>) =>
    recordCallerAudit(tx, caller, action, connectorId, { connectorId, ...detail });

  async function create(caller: ConnectorCaller, input: CreateConnectorInput): Promise<Connector> {
    const { kind } = input;
    const definition = kindDefinitions[kind];
    const capabilities = checkCapabilities(kind, input.enabledCapabilities);
    const settings = checkSettings(kind, input.settings ?? {});
    const reference = checkCredentialsReference(input.credentialsReference);
    if (kind === 'cloud_account' && input.accountId === undefined) throw validationFailed('accountId is required for cloud_account connectors (one account per connector)');
    if (kind !== 'cloud_account' && input.accountId !== undefined) throw validationFailed(`accountId applies to cloud_account connectors only, not ${kind}`);
    if (kind === 'code_hosting_organization' && input.organization === undefined) throw validationFailed('organization is required for code_hosting_organization connectors');
    if (kind !== 'code_hosting_organization' && input.organization !== undefined) throw validationFailed(`organization applies to code_hosting_organization connectors only, not ${kind}`);
    if (definition.endpoint === 'required' && input.endpoint === undefined) throw validationFailed(`endpoint is required for ${kind} connectors`);
    if (definition.endpoint === 'none' && input.endpoint !== undefined) throw validationFailed(`${kind} connectors take no endpoint: their provider's hosts are built in`);
    const endpoint = input.endpoint === undefined ? null : await vetEndpoint(kind, input.endpoint);
    // Generated here, never accepted from settings or credentials (spec 5.14): the confused-deputy guard of role assumption.
    const externalId = kind === 'cloud_account' ? `sentinel-${randomBytes(24).toString('base64url')}` : null;
    const id = randomUUID();
    const at = now();
    const orgId = caller.orgId;
    return db.transaction(async (tx) => {
      const inserted = await tx.query<ConnectorRow>(
        `INSERT INTO nhi_connectors (id, org_id, kind, name, enabled_capabilities, settings, endpoint, account_id, organization, external_id, credentials_reference, created_by_user_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $13) RETURNING ${connectorColumns}`,
        [id, orgId, kind, input.name, capabilities, JSON.stringify(settings), endpoint, input.accountId ?? null, input.organization ?? null, externalId, reference, caller.userId, at],
      );
      await record(tx, caller, 'connector.created', id, { kind, name: input.name, enabledCapabilities: capabilities, settings, endpoint, accountId: input.accountId, organization: input.organization, referenceName: reference });
      return toView(inserted.rows[0]!);
    });
  }

  async function list(orgId: OrgId, query: { limit?: unknown; cursor?: unknown }) {
    const request = parsePageRequest(query, { orders: ['created'], defaultOrder: 'created' });
    return readTablePage<ConnectorRow & KeysetRow, Connector>({
      q: db,
      codec,
      orgId,
      listing: 'nhi_connectors',
      filters: {},
      request,
      order: newestFirst,
      from: 'nhi_connectors',
      columns: connectorColumns,
      where: 'org_id = $1',
      params: [orgId],
      toItem: toView,
    });
  }

  async function select(q: Queryable, orgId: OrgId, connectorId: string, lock: '' | 'FOR UPDATE'): Promise<ConnectorRow> {
    if (!isUuid(connectorId)) throw notFound();
    const found = await q.query<ConnectorRow>(`SELECT ${connectorColumns} FROM nhi_connectors WHERE org_id = $1 AND id = $2 ${lock}`, [orgId, connectorId]);
    const row = found.rows[0];
    if (row === undefined) throw notFound();
    return row;
  }

  const get = async (orgId: OrgId, connectorId: string): Promise<Connector> => toView(await select(db, orgId, connectorId, ''));

  /** Changes what was sent and differs; a request that changes nothing writes nothing and records nothing. */
  async function update(caller: ConnectorCaller, connectorId: string, input: UpdateConnectorInput): Promise<Connector> {
    const orgId = caller.orgId;
    // The kind decides what is valid; it cannot change, so reading it before the transaction is safe.
    const { kind } = await select(db, orgId, connectorId, '');
    const capabilities = input.enabledCapabilities === undefined ? undefined : checkCapabilities(kind, input.enabledCapabilities);
    const settings = input.settings === undefined ? undefined : checkSettings(kind, input.settings);
    const reference = input.credentialsReference === undefined ? undefined : checkCredentialsReference(input.credentialsReference);
    if (input.endpoint !== undefined && kindDefinitions[kind].endpoint === 'none') throw validationFailed(`${kind} connectors take no endpoint: their provider's hosts are built in`);
    const endpoint = input.endpoint === undefined ? undefined : await vetEndpoint(kind, input.endpoint);
    return db.transaction(async (tx) => {
      const row = await select(tx, orgId, connectorId, 'FOR UPDATE');
      const next = {
        name: input.name ?? row.name,
        enabled: input.enabled ?? row.enabled,
        enabled_capabilities: capabilities ?? row.enabled_capabilities,
        settings: settings ?? row.settings,
        endpoint: endpoint ?? row.endpoint,
        credentials_reference: reference ?? row.credentials_reference,
      };
      const changed = (Object.keys(next) as (keyof typeof next)[]).filter((field) => JSON.stringify(canonical(next[field])) !== JSON.stringify(canonical(row[field])));
      if (changed.length === 0) return toView(row);
      const updated = await tx.query<ConnectorRow>(
        `UPDATE nhi_connectors SET name = $3, enabled = $4, enabled_capabilities = $5, settings = $6, endpoint = $7, credentials_reference = $8, updated_at = $9
          WHERE org_id = $1 AND id = $2 RETURNING ${connectorColumns}`,
        [orgId, row.id, next.name, next.enabled, next.enabled_capabilities, JSON.stringify(next.settings), next.endpoint, next.credentials_reference, now()],
      );
      const view = toView(updated.rows[0]!);
      const changes = Object.fromEntries(changed.map((field) => (field === 'credentials_reference' ? ['referenceName', view.credentialsReference] : [apiName[field], view[apiName[field]]])));
      await record(tx, caller, 'connector.updated', row.id, { kind, changed: changed.map((field) => (field === 'credentials_reference' ? 'credentialsReference' : apiName[field])), changes });
      return view;
    });
  }

  async function remove(caller: ConnectorCaller, connectorId: string): Promise<void> {
    const orgId = caller.orgId;
    await db.transaction(async (tx) => {
      const row = await select(tx, orgId, connectorId, 'FOR UPDATE');
      await tx.query('DELETE FROM nhi_connectors WHERE org_id = $1 AND id = $2', [orgId, row.id]);
      await record(tx, caller, 'connector.deleted', row.id, { kind: row.kind, name: row.name });
    });
  }

  return { create, list, get, update, delete: remove };
}
export type Connectors = ReturnType<typeof createConnectors>;

const apiName = {
  name: 'name',
  enabled: 'enabled',
  enabled_capabilities: 'enabledCapabilities',
  settings: 'settings',
  endpoint: 'endpoint',
  credentials_reference: 'credentialsReference',
} as const;

/** Capabilities compared as sets, settings by their members regardless of key order. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return [...value].sort();
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)));
  return value;
}

function checkCapabilities(kind: ConnectorKind, requested: string[]): string[] {
  const supported = kindDefinitions[kind].capabilities;
  const unsupported = requested.filter((capability) => !supported.includes(capability));
  if (unsupported.length > 0) {
    throw validationFailed(`${kind} connectors do not support ${unsupported.map((c) => `"${c}"`).join(', ')}; supported: ${supported.join(', ')}`, { unsupported_capabilities: unsupported });
  }
  return [...new Set(requested)];
}

function checkSettings(kind: ConnectorKind, settings: ConnectorSettings): ConnectorSettings {
  const applicable: readonly string[] = kindDefinitions[kind].settings;
  const refused = Object.keys(settings).filter((name) => !applicable.includes(name));
  if (refused.length > 0) {
    throw validationFailed(`${refused.join(', ')} ${refused.length === 1 ? 'does' : 'do'} not apply to ${kind} connectors; ${applicable.length === 0 ? 'it takes no settings' : `it takes ${applicable.join(', ')}`}`);
  }
  return settings;
}

function toView(row: ConnectorRow): Connector {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    enabled: row.enabled,
    enabledCapabilities: row.enabled_capabilities,
    settings: row.settings,
    endpoint: row.endpoint,
    accountId: row.account_id,
    organization: row.organization,
    externalId: row.external_id,
    credentialsReference: row.credentials_reference,
    createdByUserId: row.created_by_user_id,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}
