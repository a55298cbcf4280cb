import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { verifyEvidencePackage } from '../evidence.js';
import { readChain } from '../records.js';
import { seedChain, tamperings, verifyOffline } from '../testing/chains.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/audit/integrity ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const integrity = async (token: string) => {
    const response = await t.current.call('GET', '/nhi/api/v1/audit/integrity', { token });
    expect(response.status).toBe(200);
    return response.body;
  };

  it('walks an intact chain, organization by organization, and records nothing', async () => {
    const [tenant, other] = await t.current.twoTenants();
    await seedChain(t.current.db, tenant.id, 7);
    expect(await integrity(tenant.owner.token)).toEqual({ isIntact: true, checked: 7, firstBreak: null });
    expect(await integrity(tenant.owner.token)).toEqual({ isIntact: true, checked: 7, firstBreak: null });
    expect(await readChain(t.current.db, tenant.id, 0, 100)).toHaveLength(7);
    expect(await integrity(other.owner.token)).toEqual({ isIntact: true, checked: 0, firstBreak: null });
  });

  describe.each(tamperings)('after $kind of one record', (tampering) => {
    it('the walk and the offline verifier of an export both say where the chain breaks and why; it is still 200', async () => {
      const [tenant, other] = await t.current.twoTenants();
      const ids = (await seedChain(t.current.db, tenant.id, 6)).map((record) => record.id);
      await seedChain(t.current.db, other.id, 6);
      await tampering.apply(t.current.db, tenant.id, 3);
      const expected = tampering.expected(ids, 3);

      const report = await integrity(tenant.owner.token);
      expect(report.isIntact).toBe(false);
      expect(report.firstBreak).toEqual(expected);
      expect(report.checked).toBe(tampering.checked(3));

      const exported = await t.current.call('GET', '/nhi/api/v1/audit/evidence', { token: tenant.owner.token });
      expect(exported.status).toBe(200);
      expect(exported.body.manifest.verified_at_export).toBe(false);
      const verdict = verifyEvidencePackage(exported.body);
      expect(verdict.isIntact).toBe(false);
      expect(verdict.firstBreak).toMatchObject(expected);
      const offline = await verifyOffline(exported.body);
      expect(offline.code).toBe(1);
      expect(offline.stdout).toContain(`(id ${expected.recordId}): ${expected.reason}`);

      // The other organization's chain is its own, and intact.
      expect(await integrity(other.owner.token)).toEqual({ isIntact: true, checked: 6, firstBreak: null });
    });
  });
});
