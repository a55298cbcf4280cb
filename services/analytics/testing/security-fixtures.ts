// Resources of the shared security suite (test/support/security-suite.ts): an
// advisory with an open finding in the tenant, recorded in the analytics store.
import { randomUUID } from 'node:crypto';
import type { ResourceFixture } from '../../../test/support/security-suite.js';
import { recordHistories } from './history.js';

export const securityFixtures: Record<string, ResourceFixture> = {
  listAdvisoryAssets: async (t, tenant) => {
    const advisory = `CVE-2026-${randomUUID().slice(0, 8)}`;
    await recordHistories(t, tenant, [{ advisory, severity: 'high', steps: [{ at: new Date().toISOString(), to: 'open' }] }]);
    return { params: { advisory } };
  },
};
