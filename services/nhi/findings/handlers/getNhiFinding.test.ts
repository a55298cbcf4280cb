import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../../test/support/test-app.js';
import { openStaleFinding } from '../testing/api-fixtures.js';

describe.each(handlerTestProfiles)('GET /nhi/api/v1/findings/{findingId} ($profile)', (profile) => {
  const t = useTestApp(profile);

  it('shows one finding with its identity to every module role, and another organization the 404 of a missing one', async () => {
    const [tenant, other] = await t.current.twoTenants();
    const finding = await openStaleFinding(t.current, tenant);
    for (const role of ['analyst', 'viewer'] as const) {
      const person = await t.current.member(tenant, role);
      const read = await t.current.call('GET', `/nhi/api/v1/findings/${finding.id}`, { token: person.token });
      expect(read.status, role).toBe(200);
      expect(read.body).toEqual(finding);
    }
    expect(finding).toMatchObject({ policy: 'stale_identity', status: 'open', identity: { kind: 'aws_iam_role', provider: 'aws', state: 'active' } });

    const foreign = await t.current.call('GET', `/nhi/api/v1/findings/${finding.id}`, { token: other.owner.token });
    const missing = await t.current.call('GET', '/nhi/api/v1/findings/00000000-0000-4000-8000-000000000000', { token: other.owner.token });
    const malformed = await t.current.call('GET', '/nhi/api/v1/findings/not-an-id', { token: other.owner.token });
    expect(foreign.status).toBe(404);
    expect(foreign.raw).toBe(missing.raw);
    expect(malformed.status).toBe(400);
  });
});
