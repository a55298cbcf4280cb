import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp } from '../../../test/support/test-app.js';

describe.each(handlerTestProfiles)('POST /api/v1/orgs ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);

  it('creates an organization on the Free plan with the caller as owner, even a viewer elsewhere', async () => {
    const tenant = await t.current.tenant();
    const viewer = await t.current.member(tenant, 'viewer');
    const response = await t.current.call('POST', '/api/v1/orgs', { token: viewer.token, body: { name: '  Side project  ' } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Side project', role: 'owner', personal: false, plan: { code: 'free', concurrent_scans: 1 } });

    await t.current.actIn(viewer, response.body.id);
    const roster = await t.current.call('GET', '/api/v1/members', { token: viewer.token });
    expect(roster.body.members).toEqual([expect.objectContaining({ user_id: viewer.id, role: 'owner', arrival: 'manual' })]);
    await t.current.expectNeighbourUntouched(response.body.id);
  });

  it('audits the creation and announces the seated owner as a domain event', async () => {
    const person = await t.current.signup();
    const created = await t.current.call('POST', '/api/v1/orgs', { token: person.token, body: { name: 'Audited' } });
    await t.current.actIn(person, created.body.id);
    const trail = await t.current.call('GET', '/api/v1/identity/audit', { token: person.token });
    expect(trail.body.events).toEqual([expect.objectContaining({ action: 'organization.created', actor: { kind: 'user', id: person.id } })]);

    const { rows } = await t.current.db.query<{ value: { type: string; subject_id: string } }>('SELECT value FROM outbox_events WHERE org_id = $1', [created.body.id]);
    expect(rows.map((r) => [r.value.type, r.value.subject_id])).toEqual([['member.added', person.id]]);
    await t.current.expectNeighbourUntouched(created.body.id);
  });

  it('refuses a blank name with 400', async () => {
    const person = await t.current.signup();
    expect((await t.current.call('POST', '/api/v1/orgs', { token: person.token, body: { name: '   ' } })).status).toBe(400);
  });
});
