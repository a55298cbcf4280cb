// Credential material (spec 4.8): values a person attaches to an
// identity already in the organization's inventory, sealed at rest with the
// platform's secret box. No route returns them; the audit record and the answer
// name the values, never their content.
import type { components } from '../../../api/openapi.js';
import { isUuid } from '../../platform/ids.js';
import { randomUUID } from 'node:crypto';
import type { SecretBox } from '../../platform/crypto/secret-box.js';
import type { Database, OrgId } from '../../platform/db/database.js';
import { conflict, notFound, validationFailed } from '../../platform/errors.js';
import { recordCallerAudit, type ConnectorCaller } from './caller.js';

export interface StoreMaterialInput {
  identityId: string;
  label?: string;
  /** Value name to value, e.g. { "accessKeyId": ..., "secretAccessKey": ... }. */
  values: Record<string, string>;
}

/** Material as the API shows it: the document's CredentialMaterial, which names the values held, never the values. */
type StoredMaterial = components['schemas']['CredentialMaterial'];

/** Names of values: they are shown (the values never are), so they must read as names. */
const VALUE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;

/** Binds sealed material to its row, organization and identity: copied elsewhere it does not open. */
export const materialAssociatedData = (orgId: OrgId, materialId: string, identityId: string): string => `nhi_credential_material:${orgId}:${materialId}:${identityId}`;

export function createCredentialMaterial(deps: { db: Database; secretBox: SecretBox; now?: () => Date }) {
  const { db, secretBox } = deps;
  const now = deps.now ?? (() => new Date());

  /** Stores the values against the identity; an identity outside the organization's inventory is the same 404 as a missing one, a removed one 409. */
  async function store(caller: ConnectorCaller, input: StoreMaterialInput): Promise<StoredMaterial> {
    const orgId = caller.orgId;
    const valueNames = Object.keys(input.values).sort();
    if (!valueNames.every((name) => VALUE_NAME_PATTERN.test(name))) throw validationFailed("the names of values must be a letter followed by up to 63 letters, digits, '_', '.' or '-'");
    if (!isUuid(input.identityId)) throw notFound();
    const id = randomUUID();
    const sealed = secretBox.seal(JSON.stringify(input.values), materialAssociatedData(orgId, id, input.identityId));
    const at = now();
    return db.transaction(async (tx) => {
      const identity = await tx.query<{ state: string }>('SELECT state FROM nhi_identities WHERE org_id = $1 AND id = $2 FOR SHARE', [orgId, input.identityId]);
      if (identity.rows[0] === undefined) throw notFound();
      // As every operation naming a removed identity: it is gone from its provider, and nothing new is attached to it.
      if (identity.rows[0].state !== 'active') throw conflict('the identity has been removed from the inventory: no credential material is stored against it');
      await tx.query(
        `INSERT INTO nhi_credential_material (org_id, id, identity_id, label, value_names, material_ciphertext, created_by_user_id, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [orgId, id, input.identityId, input.label ?? null, valueNames, sealed, caller.userId, at],
      );
      await recordCallerAudit(tx, caller, 'credential.material.stored', input.identityId, { identityId: input.identityId, materialId: id, label: input.label, valueNames });
      return { id, identityId: input.identityId, label: input.label ?? null, valueNames, createdByUserId: caller.userId, createdAt: at.toISOString() };
    });
  }

  return { store };
}
export type CredentialMaterial = ReturnType<typeof createCredentialMaterial>;
