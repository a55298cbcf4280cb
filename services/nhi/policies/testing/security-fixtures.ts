// Resources of the shared security suite (test/support/security-suite.ts): a tool-server identity with a definition, approved.
import type { ResourceFixture } from '../../../../test/support/security-suite.js';
import { seedTool } from '../../findings/testing/api-fixtures.js';

const approvedTool: ResourceFixture = async (t, tenant) => {
  const tool = await seedTool(t, tenant);
  const approved = await t.call('PUT', `/nhi/api/v1/identities/${tool.id}/approval`, { token: tenant.owner.token, body: { fingerprint: tool.fingerprint } });
  if (approved.status !== 200) throw new Error(`PUT approval answered ${approved.status}: ${approved.raw}`);
  return { params: { identityId: tool.id }, body: { fingerprint: tool.fingerprint } };
};

/** The approved tool, reached without a body (GET and DELETE take none). */
const approvedToolNoBody: ResourceFixture = async (t, tenant) => ({ params: (await approvedTool(t, tenant)).params });

export const securityFixtures: Record<string, ResourceFixture> = {
  getToolApproval: approvedToolNoBody,
  approveToolDefinition: approvedTool,
  revokeToolApproval: approvedToolNoBody,
};
