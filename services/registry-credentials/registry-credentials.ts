// Registry credentials (spec 2.4, 6.2): the username and secret
// the scan worker hands to the scanner for images of one registry. Every rule
// lives here, so the handlers only translate. Changes need credentials:manage,
// which only people hold; reads need credentials:read. Both are checked by the
// HTTP layer (x-permission in api/modules/registry-credentials.yaml).
//
// The secret is sealed at rest and never leaves this file except towards a
// scanner process (loginFor): no view carries it, no audit or domain event names it.
// Every change is written to the identity trail and announced as a domain event in
// the transaction that makes it.
import type { components, operations } from '../../api/openapi.js';
import { isUuid } from '../platform/ids.js';
import { randomUUID } from 'node:crypto';
import { recordIdentityEvent, type RequestOrigin } from '../platform/audit/identity-trail.js';
import { configuredSecretBox, SecretBoxError, type SecretBox } from '../platform/crypto/secret-box.js';
import type { Database, OrgId, Queryable } from '../platform/db/database.js';
import { conflict, notFound, validationFailed } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { appendToOutbox } from '../../streams/outbox.js';
import { normalizeRegistryHost, parseRegistryHost } from './registry-host.js';

type CredentialStatus = 'unused' | 'ok' | 'failed';

/** A credential as the API shows it: the document's RegistryCredential. The secret is never part of it. */
export type RegistryCredential = components['schemas']['RegistryCredential'];

/** A credential as it is created: the document's createRegistryCredential body. */
export type CreateCredentialInput = operations['createRegistryCredential']['requestBody']['content']['application/json'];

/** A change to a credential: the document's updateRegistryCredential body. */
export type UpdateCredentialInput = operations['updateRegistryCredential']['requestBody']['content']['application/json'];

/** The person acting, and where their request came from: credentials:manage is never granted to a machine (spec 2.4). */
interface CredentialManager {
  userId: string;
  /** Recorded in the audit trail; its X-Request-ID is also the domain events' correlation id. */
  origin: RequestOrigin;
}

/** What a scanner process is given for one run, and what identifies the values it was given. */
interface IssuedRegistryLogin {
  credentialId: string;
  /** The credential's revision when it was read: an outcome is recorded only against the same values. */
  revision: number;
  registry: string;
  username: string;
  secret: string;
}

interface LoginOutcome {
  /** When the scanner run that used the login started. */
  usedAt: Date;
  /** The scanner's complaint when the run failed; null when it succeeded. */
  failure: string | null;
}

interface CredentialRow {
  id: string;
  registry: string;
  username: string;
  secret_ciphertext: string;
  revision: number;
  status: CredentialStatus;
  last_used_at: Date | null;
  last_error: string | null;
  created_by_user_id: string;
  created_at: Date;
  updated_at: Date;
}

const credentialColumns = 'id, registry, username, secret_ciphertext, revision, status, last_used_at, last_error, created_by_user_id, created_at, updated_at';

/** Longest last_error kept (the column's limit); a scanner's complaint is one line. */
const MAX_ERROR_LENGTH = 500;

/** The box that seals registry secrets at rest with the configured key. */
export const registrySecretBox = configuredSecretBox;

/**
 * Binds a sealed secret to its row, its organization and its registry: copied to
 * another row or tenant it does not open, and a registry column rewritten in the
 * database cannot send the secret to another host.
 */
export const secretAssociatedData = (orgId: OrgId, credentialId: string, registry: string): string => `registry_credential:${orgId}:${credentialId}:${registry}`;

interface RegistryCredentialsDeps {
  db: Database;
  secretBox: SecretBox;
  now?: () => Date;
}

export function createRegistryCredentials(deps: RegistryCredentialsDeps) {
  const { db, secretBox } = deps;
  const now = deps.now ?? (() => new Date());
  const seal = (orgId: OrgId, credentialId: string, registry: string, secret: string): string =>
    secretBox.seal(secret, secretAssociatedData(orgId, credentialId, registry));

  async function lockCredential(tx: Queryable, orgId: OrgId, credentialId: string): Promise<CredentialRow> {
    if (!isUuid(credentialId)) throw notFound();
    const result = await tx.query<CredentialRow>(`SELECT ${credentialColumns} FROM registry_credentials WHERE org_id = $1 AND id = $2 FOR UPDATE`, [orgId, credentialId]);
    const row = result.rows[0];
    if (row === undefined) throw notFound();
    return row;
  }

  /** Audits a person's change and announces it, in the transaction that makes it. The detail never names the secret's value. */
  async function recordChange(tx: Queryable, orgId: OrgId, manager: CredentialManager, action: string, credentialId: string, detail: Record<string, unknown>): Promise<void> {
    await recordIdentityEvent(tx, orgId, manager.origin, { actor: { userId: manager.userId }, action, detail });
    await appendToOutbox(tx, orgId, { type: action, subjectId: credentialId, actor: { kind: 'user', id: manager.userId }, correlationId: manager.origin.requestId, payload: detail });
  }

  /** One credential per registry and organization: a second for the same registry is a 409 naming the way to change the first. */
  async function create(orgId: OrgId, manager: CredentialManager, input: CreateCredentialInput): Promise<RegistryCredential> {
    const parsed = parseRegistryHost(input.registry);
    if (!parsed.ok) throw validationFailed(`registry: ${parsed.problem}`);
    const registry = parsed.host;
    const id = randomUUID();
    const at = now();
    return db.transaction(async (tx) => {
      const inserted = await tx.query<CredentialRow>(
        `INSERT INTO registry_credentials (id, org_id, registry, username, secret_ciphertext, created_by_user_id, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
         ON CONFLICT (org_id, registry) DO NOTHING RETURNING ${credentialColumns}`,
        [id, orgId, registry, input.username, seal(orgId, id, registry, input.secret), manager.userId, at],
      );
      const row = inserted.rows[0];
      if (row === undefined) throw conflict(`the organization already has a credential for ${registry}: change it instead`);
      await recordChange(tx, orgId, manager, 'registry_credential.created', id, { registry_credential_id: id, registry, username: row.username });
      return toView(row);
    });
  }

  async function list(orgId: OrgId): Promise<RegistryCredential[]> {
    const result = await db.query<CredentialRow>(`SELECT ${credentialColumns} FROM registry_credentials WHERE org_id = $1 ORDER BY registry`, [orgId]);
    return result.rows.map(toView);
  }

  async function get(orgId: OrgId, credentialId: string): Promise<RegistryCredential> {
    if (!isUuid(credentialId)) throw notFound();
    const result = await db.query<CredentialRow>(`SELECT ${credentialColumns} FROM registry_credentials WHERE org_id = $1 AND id = $2`, [orgId, credentialId]);
    const row = result.rows[0];
    if (row === undefined) throw notFound();
    return toView(row);
  }

  /**
   * Replaces the username and/or the secret. New values have not been tried yet, so
   * the status returns to unused. The registry is not changed: it is what the secret
   * is bound to; a credential for another registry is a new credential.
   */
  async function update(orgId: OrgId, manager: CredentialManager, credentialId: string, input: UpdateCredentialInput): Promise<RegistryCredential> {
    const at = now();
    return db.transaction(async (tx) => {
      const row = await lockCredential(tx, orgId, credentialId);
      const usernameChanged = input.username !== undefined && input.username !== row.username;
      // A secret sent is a rotation even when it is the same value: nobody can see the stored one to compare.
      const secretChanged = input.secret !== undefined;
      if (!usernameChanged && !secretChanged) return toView(row);
      const updated = await tx.query<CredentialRow>(
        `UPDATE registry_credentials
            SET username = $3, secret_ciphertext = coalesce($4, secret_ciphertext), revision = revision + 1,
                status = 'unused', last_used_at = NULL, last_error = NULL, updated_at = $5
          WHERE org_id = $1 AND id = $2 RETURNING ${credentialColumns}`,
        [orgId, row.id, input.username ?? row.username, input.secret === undefined ? null : seal(orgId, row.id, row.registry, input.secret), at],
      );
      const changed = [...(usernameChanged ? ['username'] : []), ...(secretChanged ? ['secret'] : [])];
      await recordChange(tx, orgId, manager, 'registry_credential.updated', row.id, {
        registry_credential_id: row.id,
        registry: row.registry,
        changed,
        ...(usernameChanged ? { username: input.username } : {}),
      });
      return toView(updated.rows[0]!);
    });
  }

  async function remove(orgId: OrgId, manager: CredentialManager, credentialId: string): Promise<void> {
    await db.transaction(async (tx) => {
      const row = await lockCredential(tx, orgId, credentialId);
      await tx.query('DELETE FROM registry_credentials WHERE org_id = $1 AND id = $2', [orgId, row.id]);
      await recordChange(tx, orgId, manager, 'registry_credential.deleted', row.id, { registry_credential_id: row.id, registry: row.registry });
    });
  }

  return { create, list, get, update, delete: remove };
}
export type RegistryCredentials = ReturnType<typeof createRegistryCredentials>;

/**
 * What the scan worker asks (handed to scans by the composition root): the
 * organization's login for the registry of the image it scans, opened for the
 * scanner process, and the outcome of the run that used it.
 */
export function createRegistryLogins(deps: { db: Database; secretBox: SecretBox; logger: Logger }) {
  const { db, secretBox, logger } = deps;

  async function loginFor(orgId: OrgId, registry: string): Promise<IssuedRegistryLogin | null> {
    const host = normalizeRegistryHost(registry);
    const found = await db.query<Pick<CredentialRow, 'id' | 'registry' | 'username' | 'secret_ciphertext' | 'revision'>>(
      'SELECT id, registry, username, secret_ciphertext, revision FROM registry_credentials WHERE org_id = $1 AND registry = $2',
      [orgId, host],
    );
    const row = found.rows[0];
    if (row === undefined) return null;
    try {
      const secret = secretBox.open(row.secret_ciphertext, secretAssociatedData(orgId, row.id, row.registry)).toString('utf8');
      return { credentialId: row.id, revision: row.revision, registry: row.registry, username: row.username, secret };
    } catch (error) {
      if (!(error instanceof SecretBoxError)) throw error;
      // Sealed under a key this deployment no longer holds, or altered: the scan goes on
      // without it, and the credential says so until a person sets the secret again.
      logger.warn({ org_id: orgId, registry_credential_id: row.id, reason: error.reason }, 'registry credential cannot be opened; scanning without it');
      await recordOutcome(db, orgId, { credentialId: row.id, revision: row.revision }, { usedAt: new Date(), failure: 'the stored secret cannot be opened: set it again' });
      return null;
    }
  }

  const recordUse = (orgId: OrgId, login: Pick<IssuedRegistryLogin, 'credentialId' | 'revision'>, outcome: LoginOutcome): Promise<void> =>
    recordOutcome(db, orgId, login, outcome);

  return { loginFor, recordUse };
}
export type RegistryLogins = ReturnType<typeof createRegistryLogins>;

/**
 * Records how a run with the credential went: its time, and the scanner's complaint
 * when it failed. Written only while the credential still holds the values the run
 * used (same revision) and no later run has reported, so a rotation or a newer scan
 * is never overwritten by an older one.
 */
async function recordOutcome(q: Queryable, orgId: OrgId, login: Pick<IssuedRegistryLogin, 'credentialId' | 'revision'>, outcome: LoginOutcome): Promise<void> {
  await q.query(
    `UPDATE registry_credentials SET status = $4, last_used_at = $5, last_error = $6
      WHERE org_id = $1 AND id = $2 AND revision = $3 AND (last_used_at IS NULL OR last_used_at <= $5)`,
    [orgId, login.credentialId, login.revision, outcome.failure === null ? 'ok' : 'failed', outcome.usedAt, outcome.failure?.slice(0, MAX_ERROR_LENGTH) ?? null],
  );
}

function toView(row: CredentialRow): RegistryCredential {
  return {
    id: row.id,
    registry: row.registry,
    username: row.username,
    status: row.status,
    last_used_at: row.last_used_at?.toISOString() ?? null,
    last_error: row.last_error,
    created_by_user_id: row.created_by_user_id,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}
