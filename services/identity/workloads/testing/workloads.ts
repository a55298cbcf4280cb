// A workload delegated through the API, for tests of this module and of the modules a workload acts in.
import type { TestApp, TestPerson } from '../../../../test/support/test-app.js';

export interface TestWorkload {
  id: string;
  credential: string;
}

/** POST /workloads as the person, in the organization they act in. */
export async function delegateTestWorkload(t: TestApp, person: TestPerson, scopes: readonly string[], { name = 'test workload', expiresInDays = 30 } = {}): Promise<TestWorkload> {
  const expires_at = new Date(Date.now() + expiresInDays * 24 * 60 * 60 * 1000).toISOString();
  const response = await t.call('POST', '/api/v1/workloads', { token: person.token, body: { name, scopes, expires_at } });
  if (response.status !== 201) throw new Error(`POST /workloads answered ${response.status}: ${response.raw}`);
  return { id: response.body.id, credential: response.body.credential };
}
