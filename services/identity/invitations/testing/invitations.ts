// Test helpers of the invitations capability: issuing through the real route, and
// what the database holds about an invitation.
import { randomUUID } from 'node:crypto';
import type { TestApp, TestPerson, TestTenant } from '../../../../test/support/test-app.js';

export interface IssuedInvitation {
  id: string;
  email: string;
  token: string;
}

/** A fresh address, unique per call. */
export const freshAddress = (): string => `invited-${randomUUID()}@example.test`;

/** POST /invitations as the person (the tenant's owner unless given), expecting 201. */
export async function invite(t: TestApp, by: TestTenant | TestPerson, role: string, email = freshAddress()): Promise<IssuedInvitation> {
  const token = 'owner' in by ? by.owner.token : by.token;
  const response = await t.call('POST', '/api/v1/invitations', { token, body: { email, role } });
  if (response.status !== 201) throw new Error(`POST /invitations answered ${response.status}: ${response.raw}`);
  return { id: response.body.id, email, token: response.body.token };
}

/** POST /invitations/accept as the person. */
export const accept = (t: TestApp, person: TestPerson, token: string) => t.call('POST', '/api/v1/invitations/accept', { token: person.token, body: { token } });

/** Moves the organization to another plan, as a billing change would. */
export async function setPlan(t: TestApp, tenant: TestTenant, plan: 'free' | 'pro' | 'team' | 'enterprise'): Promise<void> {
  await t.db.query('UPDATE organizations SET plan_code = $2 WHERE id = $1', [tenant.id, plan]);
}
