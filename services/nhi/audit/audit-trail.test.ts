import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseProfiles, type TestDatabase } from '../../../test/support/databases.js';
import { asOrgId } from '../../../test/support/org-ids.js';
import type { OrgId, Queryable } from '../../platform/db/database.js';
import { REDACTED } from '../../platform/audit/identity-trail.js';
import type { Principal } from '../../platform/principal.js';
import { AUDIT_ACTIONS, RESERVED_AUDIT_ACTIONS, type AuditAction } from './actions.js';
import { auditActorOf, recordAudit, type AuditEntry } from './audit-trail.js';
import { canonicalText, firstBreak, recomputedDigest } from './canonical.js';
import { readChain } from './records.js';
import { actingAsSchemaOwner } from '../../platform/db/tenant-scope.js';

const entry = (orgId: OrgId, overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  orgId,
  actor: { kind: 'person', id: randomUUID() },
  action: 'connector.created',
  subject: randomUUID(),
  result: 'success',
  sourceAddress: '203.0.113.7',
  correlationId: `req-${randomUUID()}`,
  detail: { kind: 'tool_server' },
  ...overrides,
});

describe('action registry', () => {
  it('holds about 120 distinct names, the ones the connectors use among them, and no reserved one', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    expect(AUDIT_ACTIONS.length + RESERVED_AUDIT_ACTIONS.length).toBeGreaterThanOrEqual(110);
    const used = ['connector.created', 'connector.updated', 'connector.deleted', 'credential.material.stored', 'collection.sync.requested', 'collection.sync.completed', 'collection.sync.failed', 'authz.denied', 'audit.evidence.exported'];
    expect(used.filter((name) => !(AUDIT_ACTIONS as readonly string[]).includes(name))).toEqual([]);
    expect(RESERVED_AUDIT_ACTIONS.filter((name) => (AUDIT_ACTIONS as readonly string[]).includes(name))).toEqual([]);
  });
});

describe('auditActorOf', () => {
  const orgId = asOrgId(randomUUID());
  it('records a person as a person, and a machine credential as system under its own kind and id', () => {
    const person: Principal = { kind: 'user', userId: 'u1', sessionId: 's1', orgId, permissions: new Set() };
    expect(auditActorOf(person)).toEqual({ kind: 'person', id: 'u1' });
    expect(auditActorOf({ kind: 'api_key', apiKeyId: 'k1', orgId, permissions: new Set() })).toEqual({ kind: 'system', id: 'api_key:k1' });
    expect(auditActorOf({ kind: 'workload', workloadId: 'w1', orgId, permissions: new Set() })).toEqual({ kind: 'system', id: 'workload:w1' });
  });
});

describe.each(databaseProfiles)('audit trail ($name)', ({ create }) => {
  let database: TestDatabase;
  const organization = async (): Promise<OrgId> =>
    asOrgId((await database.db.query<{ id: string }>("INSERT INTO organizations (name) VALUES ('NHI audit') RETURNING id")).rows[0]!.id);

  beforeAll(async () => {
    database = await create();
  });
  afterAll(async () => {
    await database.drop();
  });

  it('chains each organization on its own, each digest reproducible outside the database', async () => {
    const [first, second] = [await organization(), await organization()];
    const awkward = {
      'é': 'ünïcødé ✓ 𝄞',
      zz: { b: [1, -2, { nested: 'quote " backslash \\ newline \n tab \t bell \u0007' }], a: null },
      a: true,
      long_key_name: 9007199254740991,
      ratio: 0.1,
      huge: 1e21,
      when: new Date('2026-01-02T03:04:05.678Z'),
      gone: undefined,
      nul: 'before\u0000after',
    };
    await recordAudit(database.db, entry(first, { detail: awkward }));
    await recordAudit(database.db, entry(second));
    await recordAudit(database.db, entry(first, { subject: null, sourceAddress: null, correlationId: null, actor: { kind: 'system', id: null }, result: 'failure' }));

    const chain = await readChain(database.db, first, 0, 10);
    expect(chain.map((record) => record.sequence)).toEqual([1, 2]);
    expect(chain[0]!.previousDigest).toBeNull();
    expect(chain[1]!.previousDigest).toBe(chain[0]!.digest);
    expect(chain[0]!.detail).toEqual({
      'é': 'ünïcødé ✓ 𝄞',
      zz: { b: [1, -2, { nested: 'quote " backslash \\ newline \n tab \t bell \u0007' }], a: null },
      a: true,
      long_key_name: 9007199254740991,
      ratio: '0.1',
      huge: '1e+21',
      when: '2026-01-02T03:04:05.678Z',
      nul: 'before\uFFFDafter',
    });
    for (const record of chain) {
      const { rows } = await database.db.query<{ text: string }>(
        'SELECT nhi_audit_canonical_text(org_id, id, actor_kind, actor_id, action, subject, result, occurred_at, source_address, correlation_id, detail, previous_digest) AS text FROM nhi_audit_records WHERE id = $1',
        [record.id],
      );
      expect(canonicalText(record)).toBe(rows[0]!.text);
      expect(recomputedDigest(record)).toBe(record.digest);
      expect(record.occurredAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    }
    expect(firstBreak(chain, null)).toBeNull();
    const other = await readChain(database.db, second, 0, 10);
    expect(other.map((record) => [record.sequence, record.previousDigest])).toEqual([[1, null]]);
  });

  it('overwrites whatever a writer passes for the chain columns', async () => {
    const orgId = await organization();
    await database.db.query(
      `INSERT INTO nhi_audit_records (org_id, sequence, actor_kind, action, result, occurred_at, previous_digest, digest)
       VALUES ($1, 42, 'system', 'connector.created', 'success', '2000-01-01T00:00:00Z', $2, $2)`,
      [orgId, 'a'.repeat(64)],
    );
    const [record] = await readChain(database.db, orgId, 0, 10);
    expect(record).toMatchObject({ sequence: 1, previousDigest: null });
    expect(record!.occurredAt.startsWith('2000')).toBe(false);
    expect(recomputedDigest(record!)).toBe(record!.digest);
  });

  it('refuses every update, delete and truncate', async () => {
    const orgId = await organization();
    await recordAudit(database.db, entry(orgId));
    await expect(database.db.query("UPDATE nhi_audit_records SET subject = 'x' WHERE org_id = $1", [orgId])).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(database.db.query('UPDATE nhi_audit_records SET digest = digest WHERE org_id = $1', [orgId])).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(database.db.query('DELETE FROM nhi_audit_records WHERE org_id = $1', [orgId])).rejects.toThrow(/append-only: DELETE refused/);
    await expect(actingAsSchemaOwner(() => database.db.query('TRUNCATE nhi_audit_records'))).rejects.toThrow(/append-only: TRUNCATE refused/);
    expect(await readChain(database.db, orgId, 0, 10)).toHaveLength(1);
  });

  it('refuses reserved and unknown action names, writing nothing', async () => {
    const orgId = await organization();
    for (const name of [...RESERVED_AUDIT_ACTIONS, 'connector.exploded']) {
      await expect(recordAudit(database.db, entry(orgId, { action: name as AuditAction }))).rejects.toThrow(/not an audit action/);
    }
    expect(await readChain(database.db, orgId, 0, 10)).toEqual([]);
  });

  it('redacts secret-looking keys at every depth, whatever their case or separators', async () => {
    const orgId = await organization();
    const detail = {
      Password: 'p',
      nested: { 'Client-Secret': 's', list: [{ ACCESS_TOKEN: 't', note: 'kept' }], authorization: 'Bearer x', 'Set-Cookie': 'c' },
      'X-Api-Key': 'k',
      'private key': 'pk',
      encryption_key: 'ek',
      SessionId: 'sid',
      credentials: { user: 'u' },
      passwd: 'p2',
      pwd: 'p3',
      jwt: 'eyJ',
      bearer: 'b',
      auth: { user: 'u', pass: 'p' },
      sid: 's',
      signing_key: 'sk',
      private_pem: '-----BEGIN',
      clientKey: 'ck',
      connector_id: 'kept-id',
      author: 'kept-author',
      authority: 'kept-authority',
    };
    await recordAudit(database.db, entry(orgId, { detail }));
    const [record] = await readChain(database.db, orgId, 0, 10);
    expect(record!.detail).toEqual({
      Password: REDACTED,
      nested: { 'Client-Secret': REDACTED, list: [{ ACCESS_TOKEN: REDACTED, note: 'kept' }], authorization: REDACTED, 'Set-Cookie': REDACTED },
      'X-Api-Key': REDACTED,
      'private key': REDACTED,
      encryption_key: REDACTED,
      SessionId: REDACTED,
      credentials: REDACTED,
      passwd: REDACTED,
      pwd: REDACTED,
      jwt: REDACTED,
      bearer: REDACTED,
      auth: REDACTED,
      sid: REDACTED,
      signing_key: REDACTED,
      private_pem: REDACTED,
      clientKey: REDACTED,
      connector_id: 'kept-id',
      author: 'kept-author',
      authority: 'kept-authority',
    });
  });

  it('rolls the action back when its audit record cannot be written', async () => {
    const orgId = await organization();
    const action = async (tx: Queryable, auditedOrg: OrgId): Promise<void> => {
      await tx.query("UPDATE organizations SET name = 'renamed' WHERE id = $1", [orgId]);
      await recordAudit(tx, entry(auditedOrg));
    };
    // An organization that does not exist: the record's foreign key refuses it.
    await expect(database.db.transaction((tx) => action(tx, asOrgId(randomUUID())))).rejects.toThrow();
    const { rows } = await database.db.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [orgId]);
    expect(rows[0]!.name).toBe('NHI audit');
    await database.db.transaction((tx) => action(tx, orgId));
    expect((await database.db.query<{ name: string }>('SELECT name FROM organizations WHERE id = $1', [orgId])).rows[0]!.name).toBe('renamed');
    expect(await readChain(database.db, orgId, 0, 10)).toHaveLength(1);
  });

  it('keeps one linear chain under 50 concurrent writers in one organization', async () => {
    const orgId = await organization();
    await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        database.db.transaction(async (tx) => {
          await recordAudit(tx, entry(orgId, { detail: { writer: index } }));
          await recordAudit(tx, entry(orgId, { detail: { writer: index, second: true } }));
        }),
      ),
    );
    const chain = await readChain(database.db, orgId, 0, 1000);
    expect(chain.map((record) => record.sequence)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
    expect(firstBreak(chain, null)).toBeNull();
    // Each transaction's two records are adjacent: a writer holds the organization's chain until it commits.
    for (let index = 0; index < 100; index += 2) expect(chain[index + 1]!.detail).toEqual({ ...chain[index]!.detail, second: true });
  });
});
