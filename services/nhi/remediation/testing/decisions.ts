// Test-only: a remediation asked for and approved through the API, the usual way
// into execution: the requester an analyst, the approver the tenant's owner.
import type { TestApp, TestPerson, TestTenant } from '../../../../test/support/test-app.js';
import type { Remediation } from '../records.js';
import { askForRemediation } from './api-fixtures.js';

/** POST .../approve as the person; the approved remediation. */
export async function approveAs(t: TestApp, person: TestPerson, remediationId: string): Promise<Remediation> {
  const response = await t.call('POST', `/nhi/api/v1/remediations/${remediationId}/approve`, { token: person.token });
  if (response.status !== 200) throw new Error(`POST .../approve answered ${response.status}: ${response.raw}`);
  return response.body;
}

/** Asked for by a new analyst of the tenant and approved by its owner. */
export async function approvedRemediation(t: TestApp, tenant: TestTenant, body: Record<string, unknown>): Promise<{ remediation: Remediation; requester: TestPerson }> {
  const requester = await t.member(tenant, 'analyst');
  const asked = await askForRemediation(t, requester, body);
  return { remediation: await approveAs(t, tenant.owner, asked.id), requester };
}
