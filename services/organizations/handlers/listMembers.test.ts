import { describe, expect, it } from 'vitest';
import { handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('GET /api/v1/members ($profile)', (profile) => {
  const t = useTestApp(profile);

  it('lists the roster with role and arrival marker, in order of arrival', async () => {
    const tenant = await t.current.tenant();
    const viewer = await t.current.member(tenant, 'viewer');
    const response = await t.current.call('GET', '/api/v1/members', { token: viewer.token });
    expect(response.status).toBe(200);
    expect(response.body.members.map((m: { user_id: string; role: string; arrival: string }) => [m.user_id, m.role, m.arrival])).toEqual([
      [tenant.owner.id, 'owner', 'manual'],
      [viewer.id, 'viewer', 'manual'],
    ]);
  });

  it('marks how each membership arrived and whether the directory manages it', async () => {
    const tenant = await t.current.tenant();
    const invited = await t.current.signup();
    await t.current.db.query('INSERT INTO memberships (org_id, user_id, role, arrival) VALUES ($1, $2, $3, $4)', [tenant.id, invited.id, 'viewer', 'invitation']);
    const provisioned = await t.current.signup();
    await t.current.db.query('INSERT INTO memberships (org_id, user_id, role, arrival) VALUES ($1, $2, $3, $4)', [tenant.id, provisioned.id, 'analyst', 'directory']);
    const roster = (await t.current.call('GET', '/api/v1/members', { token: tenant.owner.token })).body.members;
    expect(roster.map((m: { user_id: string; arrival: string; directory_sourced: boolean }) => [m.user_id, m.arrival, m.directory_sourced])).toEqual([
      [tenant.owner.id, 'manual', false],
      [invited.id, 'invitation', false],
      [provisioned.id, 'directory', true],
    ]);
  });

  it('shows the second tenant none of the first tenant\'s members, for people and keys', async () => {
    const [a, b] = await t.current.twoTenants();
    const memberOfA = await t.current.member(a, 'analyst');
    const { key } = await t.current.apiKey(b.owner, ['members:read']);
    for (const token of [b.owner.token, key]) {
      const roster = await t.current.call('GET', '/api/v1/members', { token });
      expect(roster.body.members.map((m: { user_id: string }) => m.user_id)).toEqual([b.owner.id]);
      expect(JSON.stringify(roster.body)).not.toContain(memberOfA.id);
    }
  });
});
