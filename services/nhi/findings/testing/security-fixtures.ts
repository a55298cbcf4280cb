// Resources of the shared security suite (test/support/security-suite.ts): an open finding.
import type { ResourceFixture } from '../../../../test/support/security-suite.js';
import { openStaleFinding } from './api-fixtures.js';

const finding: ResourceFixture = async (t, tenant) => ({ params: { findingId: (await openStaleFinding(t, tenant)).id } });

export const securityFixtures: Record<string, ResourceFixture> = {
  getNhiFinding: finding,
  changeNhiFindingStatus: async (t, tenant) => ({ ...(await finding(t, tenant)), body: { status: 'acknowledged' } }),
};
