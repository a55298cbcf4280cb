// Test fixtures for the module's trail: a chain of records in an organization, and
// single-row tampering done as the database superuser would, with the trail's
// triggers off for one transaction (session_replication_role = replica skips them).
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { runAuditCommand } from '../../../audit-command.js';
import type { Database, OrgId, Queryable } from '../../../platform/db/database.js';
import { recordAudit, type AuditEntry } from '../audit-trail.js';
import { BROKEN_DIGEST, BROKEN_LINK, recomputedDigest, type ChainBreak } from '../canonical.js';
import { readChain } from '../records.js';
import { actingAsSchemaOwner } from '../../../platform/db/tenant-scope.js';

/** Appends `count` records to the organization's chain and answers its records in order. */
export async function seedChain(db: Database, orgId: OrgId, count: number, overrides: Partial<AuditEntry> = {}) {
  for (let index = 0; index < count; index += 1) {
    await recordAudit(db, {
      orgId,
      actor: { kind: 'person', id: randomUUID() },
      action: 'connector.updated',
      subject: `connector-${index}`,
      result: 'success',
      sourceAddress: '198.51.100.4',
      correlationId: `req-${index}`,
      detail: { index, settings: { includeBots: index % 2 === 0 } },
      ...overrides,
    });
  }
  return readChain(db, orgId, 0, 10_000);
}

async function asSuperuser(db: Database, change: (tx: Queryable) => Promise<unknown>): Promise<void> {
  await actingAsSchemaOwner(() =>
    db.transaction(async (tx) => {
      await tx.query('SET LOCAL session_replication_role = replica');
      await change(tx);
    }),
  );
}

/** One kind of single-row tampering: what it does to the chain's record at position `at` (1-based sequence), and where the walk must find it. */
export interface Tampering {
  kind: 'content' | 'link' | 'deletion' | 'insertion' | 'reordering';
  apply(db: Database, orgId: OrgId, at: number): Promise<void>;
  /** The break a walk must report, given the chain's ids in order before tampering. */
  expected(ids: readonly string[], at: number): Pick<ChainBreak, 'recordId' | 'reason'>;
  /** How many records a walk checks, the broken one included (the inserted record comes before the break). */
  checked(at: number): number;
}

export const tamperings: readonly Tampering[] = [
  {
    kind: 'content',
    apply: (db, orgId, at) => asSuperuser(db, (tx) => tx.query("UPDATE nhi_audit_records SET result = 'failure', detail = '{\"index\": 99}' WHERE org_id = $1 AND sequence = $2", [orgId, at])),
    expected: (ids, at) => ({ recordId: ids[at - 1]!, reason: BROKEN_DIGEST }),
    checked: (at) => at,
  },
  {
    kind: 'link',
    apply: (db, orgId, at) => asSuperuser(db, (tx) => tx.query('UPDATE nhi_audit_records SET previous_digest = $3 WHERE org_id = $1 AND sequence = $2', [orgId, at, 'f'.repeat(64)])),
    expected: (ids, at) => ({ recordId: ids[at - 1]!, reason: BROKEN_LINK }),
    checked: (at) => at,
  },
  {
    kind: 'deletion',
    apply: (db, orgId, at) => asSuperuser(db, (tx) => tx.query('DELETE FROM nhi_audit_records WHERE org_id = $1 AND sequence = $2', [orgId, at])),
    expected: (ids, at) => ({ recordId: ids[at]!, reason: BROKEN_LINK }),
    checked: (at) => at,
  },
  {
    // The strongest forger: the inserted record links to its predecessor and carries
    // its own correct digest (the digest is unkeyed); the record after it cannot follow.
    kind: 'insertion',
    apply: (db, orgId, at) =>
      asSuperuser(db, async (tx) => {
        const [before] = await readChain(tx, orgId, at - 2, 1);
        await tx.query('UPDATE nhi_audit_records SET sequence = -sequence - 1 WHERE org_id = $1 AND sequence >= $2', [orgId, at]);
        await tx.query('UPDATE nhi_audit_records SET sequence = -sequence WHERE org_id = $1 AND sequence < 0', [orgId]);
        const forged = {
          id: randomUUID(),
          orgId,
          actorKind: 'person' as const,
          actorId: randomUUID(),
          action: 'connector.deleted',
          subject: 'forged',
          result: 'success' as const,
          occurredAt: before!.occurredAt,
          sourceAddress: null,
          correlationId: null,
          detail: {},
          previousDigest: before!.digest,
        };
        await tx.query(
          `INSERT INTO nhi_audit_records (id, org_id, sequence, actor_kind, actor_id, action, subject, result, occurred_at, detail, previous_digest, digest)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, '{}', $10, $11)`,
          [forged.id, orgId, at, forged.actorKind, forged.actorId, forged.action, forged.subject, forged.result, forged.occurredAt, forged.previousDigest, recomputedDigest(forged)],
        );
      }),
    expected: (ids, at) => ({ recordId: ids[at - 1]!, reason: BROKEN_LINK }),
    checked: (at) => at + 1,
  },
  {
    kind: 'reordering',
    apply: (db, orgId, at) =>
      asSuperuser(db, async (tx) => {
        await tx.query('UPDATE nhi_audit_records SET sequence = -1 WHERE org_id = $1 AND sequence = $2', [orgId, at]);
        await tx.query('UPDATE nhi_audit_records SET sequence = $2 WHERE org_id = $1 AND sequence = $3', [orgId, at, at + 1]);
        await tx.query('UPDATE nhi_audit_records SET sequence = $2 WHERE org_id = $1 AND sequence = -1', [orgId, at + 1]);
      }),
    // The later record now comes first and does not link to the one before the pair.
    expected: (ids, at) => ({ recordId: ids[at]!, reason: BROKEN_LINK }),
    checked: (at) => at,
  },
];

/** Runs `sentinel audit verify` on the package (or text) written to a file; answers its exit code and what it printed. */
export async function verifyOffline(evidence: unknown): Promise<{ code: number; stdout: string; stderr: string }> {
  const file = path.join(await mkdtemp(path.join(tmpdir(), 'nhi-evidence-')), 'package.json');
  await writeFile(file, typeof evidence === 'string' ? evidence : JSON.stringify(evidence));
  let [stdout, stderr] = ['', ''];
  const code = await runAuditCommand(file, { stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  await rm(path.dirname(file), { recursive: true });
  return { code, stdout, stderr };
}
