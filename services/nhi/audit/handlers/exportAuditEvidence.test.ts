import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestTenant } from '../../../../test/support/test-app.js';
import { BROKEN_DIGEST, BROKEN_LINK, recomputedDigest } from '../canonical.js';
import { EVIDENCE_FORMAT_VERSION, recordsDigest, verifyEvidencePackage, type EvidencePackage } from '../evidence.js';
import { chainRecordOfView, readChain } from '../records.js';
import { seedChain, tamperings, verifyOffline } from '../testing/chains.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/audit/evidence ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const exportEvidence = async (tenant: TestTenant, query = ''): Promise<EvidencePackage> => {
    const response = await t.current.call('GET', `/nhi/api/v1/audit/evidence${query}`, { token: tenant.owner.token });
    expect(response.status, response.raw).toBe(200);
    return response.body;
  };

  it('packages the chain with its manifest, verifies offline, and records the export in the chain after the window', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const chain = await seedChain(t.current.db, tenant.id, 4);
    await seedChain(t.current.db, other.id, 2);
    const before = Date.now();
    const evidence = await exportEvidence(tenant);

    expect(evidence.records.map((record) => record.id)).toEqual(chain.map((record) => record.id));
    expect(evidence.manifest).toEqual({
      format_version: EVIDENCE_FORMAT_VERSION,
      organization: tenant.id,
      exporter: { kind: 'person', id: tenant.owner.id },
      exported_at: expect.any(String),
      window: { from: null, to: null, start: null, limit: 1000 },
      record_count: 4,
      first_record_id: chain[0]!.id,
      last_record_id: chain[3]!.id,
      chain_anchor: null,
      records_digest: recordsDigest(evidence.records),
      verified_at_export: true,
      truncated: false,
      resume_from: null,
      verification_instructions: expect.stringContaining('sentinel audit verify'),
    });
    expect(Date.parse(evidence.manifest.exported_at)).toBeGreaterThanOrEqual(before - 1000);
    for (const record of evidence.records) expect(recomputedDigest(chainRecordOfView(tenant.id, record))).toBe(record.digest);
    const offline = await verifyOffline(evidence);
    expect(offline).toMatchObject({ code: 0, stdout: expect.stringContaining('intact: 4 records') });

    const after = await readChain(t.current.db, tenant.id, 0, 100);
    expect(after).toHaveLength(5);
    expect(after[4]).toMatchObject({
      action: 'audit.evidence.exported',
      actorKind: 'person',
      actorId: tenant.owner.id,
      result: 'success',
      previousDigest: chain[3]!.digest,
      detail: { window: { from: null, to: null, start: null, limit: 1000 }, record_count: 4, first_record_id: chain[0]!.id, last_record_id: chain[3]!.id, truncated: false, verified_at_export: true },
    });
    // The other organization's records are in neither its package nor its chain.
    expect(JSON.stringify(evidence)).not.toContain(other.id);
    expect((await exportEvidence(other)).records).toHaveLength(2);
  });

  it('reports a window that does not fit as truncated with the id to resume from; the next package hangs from the last', async () => {
    const [tenant] = await t.current.twoTenants();
    const chain = await seedChain(t.current.db, tenant.id, 5);
    const first = await exportEvidence(tenant, '?limit=2');
    expect(first.manifest).toMatchObject({ record_count: 2, truncated: true, resume_from: chain[2]!.id, chain_anchor: null, last_record_id: chain[1]!.id });
    const second = await exportEvidence(tenant, `?limit=2&start=${chain[2]!.id}`);
    expect(second.records.map((record) => record.id)).toEqual([chain[2]!.id, chain[3]!.id]);
    expect(second.manifest).toMatchObject({ chain_anchor: first.records[1]!.digest, truncated: true, resume_from: chain[4]!.id, verified_at_export: true });
    expect((await verifyOffline(second)).code).toBe(0);
    // The third window reaches the first export's own record.
    const third = await exportEvidence(tenant, `?start=${chain[4]!.id}`);
    expect(third.records.map((record) => record.action)).toEqual(['connector.updated', 'audit.evidence.exported', 'audit.evidence.exported']);
    expect(third.manifest.truncated).toBe(false);
  });

  it('a package whose records are intact but whose chain broke before them says so offline and exits 1', async () => {
    const [tenant] = await t.current.twoTenants();
    const chain = await seedChain(t.current.db, tenant.id, 6);
    const [content] = tamperings;
    await content!.apply(t.current.db, tenant.id, 2);
    const window = await exportEvidence(tenant, `?start=${chain[3]!.id}`);
    expect(window.manifest).toMatchObject({ record_count: 3, verified_at_export: false });
    expect(verifyEvidencePackage(window).isIntact).toBe(true);

    const offline = await verifyOffline(window);
    expect(offline.code).toBe(1);
    expect(offline.stdout).not.toContain('intact:');
    expect(offline.stdout).toContain('not verified at export');
  });

  it('holds 1,000 records by default and up to 5,000; more is refused', async () => {
    const [tenant] = await t.current.twoTenants();
    await t.current.db.query(
      `INSERT INTO nhi_audit_records (org_id, actor_kind, action, result, detail)
       SELECT $1, 'system', 'collection.sync.completed', 'success', jsonb_build_object('run', n) FROM generate_series(1, 1001) AS n`,
      [tenant.id],
    );
    const byDefault = await exportEvidence(tenant);
    expect(byDefault.manifest).toMatchObject({ record_count: 1000, truncated: true });
    expect(byDefault.manifest.resume_from).toBe((await readChain(t.current.db, tenant.id, 1000, 1))[0]!.id);
    expect((await exportEvidence(tenant, '?limit=5000')).manifest).toMatchObject({ record_count: 1002, truncated: false });
    expect((await t.current.call('GET', '/nhi/api/v1/audit/evidence?limit=5001', { token: tenant.owner.token })).status).toBe(400);
    expect((await t.current.call('GET', '/nhi/api/v1/audit/evidence?limit=0', { token: tenant.owner.token })).status).toBe(400);
  });

  it('exports a time window [from, to)', async () => {
    const [tenant] = await t.current.twoTenants();
    // PGlite's clock has millisecond resolution: each record is written once the clock has passed the previous one's time.
    for (let index = 0; index < 4; index += 1) {
      const [last] = (await readChain(t.current.db, tenant.id, 0, 10)).slice(-1);
      while (last && !(await t.current.db.query<{ passed: boolean }>('SELECT clock_timestamp() > $1::timestamptz AS passed', [last.occurredAt])).rows[0]!.passed);
      await seedChain(t.current.db, tenant.id, 1);
    }
    const chain = await readChain(t.current.db, tenant.id, 0, 10);
    const evidence = await exportEvidence(tenant, `?from=${encodeURIComponent(chain[1]!.occurredAt)}&to=${encodeURIComponent(chain[3]!.occurredAt)}`);
    expect(evidence.records.map((record) => record.id)).toEqual([chain[1]!.id, chain[2]!.id]);
    expect(evidence.manifest.chain_anchor).toBe(chain[0]!.digest);
    expect((await verifyOffline(evidence)).code).toBe(0);
  });

  it("answers another organization's record to start from exactly like a missing one, and records nothing", async () => {
    const [tenant, other] = await t.current.twoTenants();
    const [foreign] = await seedChain(t.current.db, other.id, 1);
    const refused = await t.current.call('GET', `/nhi/api/v1/audit/evidence?start=${foreign!.id}`, { token: tenant.owner.token });
    const missing = await t.current.call('GET', `/nhi/api/v1/audit/evidence?start=${randomUUID()}`, { token: tenant.owner.token });
    expect(refused.status).toBe(404);
    expect(refused.raw).toBe(missing.raw);
    expect(await readChain(t.current.db, tenant.id, 0, 10)).toEqual([]);
  });

  describe('the offline verifier, given an edited package', () => {
    const edits: { kind: string; edit(evidence: EvidencePackage): void; at: (ids: string[]) => string; reason: string }[] = [
      { kind: 'content', edit: (e) => void (e.records[2]!.subject = 'edited'), at: (ids) => ids[2]!, reason: BROKEN_DIGEST },
      { kind: 'detail', edit: (e) => void (e.records[2]!.detail = { index: 2, settings: { includeBots: false } }), at: (ids) => ids[2]!, reason: BROKEN_DIGEST },
      { kind: 'link', edit: (e) => void (e.records[2]!.previous_digest = '0'.repeat(64)), at: (ids) => ids[2]!, reason: BROKEN_LINK },
      { kind: 'deletion', edit: (e) => void e.records.splice(2, 1), at: (ids) => ids[3]!, reason: BROKEN_LINK },
      {
        kind: 'insertion',
        edit: (e) => {
          const forged = { ...e.records[1]!, id: randomUUID(), subject: 'forged', previous_digest: e.records[1]!.digest };
          forged.digest = recomputedDigest(chainRecordOfView(e.manifest.organization, forged));
          e.records.splice(2, 0, forged);
        },
        at: (ids) => ids[2]!,
        reason: BROKEN_LINK,
      },
      { kind: 'reordering', edit: (e) => void e.records.splice(2, 2, e.records[3]!, e.records[2]!), at: (ids) => ids[3]!, reason: BROKEN_LINK },
      { kind: 'anchor', edit: (e) => void (e.manifest.chain_anchor = 'a'.repeat(64)), at: (ids) => ids[0]!, reason: BROKEN_LINK },
    ];

    it.each(edits)('says where $kind breaks it', async ({ edit, at, reason }) => {
      const [tenant] = await t.current.twoTenants();
      const evidence = await exportEvidence(tenant, '');
      const ids = (await seedChain(t.current.db, tenant.id, 5)).map((record) => record.id);
      const fresh = await exportEvidence(tenant, `?start=${ids[0]}&limit=5`);
      expect(evidence.records).toEqual([]);
      edit(fresh);
      const offline = await verifyOffline(fresh);
      expect(offline.code).toBe(1);
      expect(offline.stdout).toContain(`(id ${at(ids)}): ${reason}`);
    });

    it('checks the manifest against the records', async () => {
      const [tenant] = await t.current.twoTenants();
      await seedChain(t.current.db, tenant.id, 3);
      const evidence = await exportEvidence(tenant);
      expect(await verifyOffline({ ...evidence, manifest: { ...evidence.manifest, records_digest: 'b'.repeat(64) } })).toMatchObject({ code: 1, stdout: expect.stringContaining('manifest records_digest') });
      expect(await verifyOffline({ ...evidence, manifest: { ...evidence.manifest, record_count: 4 } })).toMatchObject({ code: 1, stdout: expect.stringContaining('manifest record_count') });
      expect(await verifyOffline({ ...evidence, records: evidence.records.slice(0, 2) })).toMatchObject({ code: 1, stdout: expect.stringContaining('manifest record_count') });
      expect(await verifyOffline('{"not": "a package"}')).toMatchObject({ code: 2, stderr: expect.stringContaining('not an evidence package') });
      expect(await verifyOffline('{')).toMatchObject({ code: 2, stderr: expect.stringContaining('cannot read') });
    });
  });
});
