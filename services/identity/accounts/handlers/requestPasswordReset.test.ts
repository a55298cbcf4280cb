import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestPerson, type TestTenant } from '../../../../test/support/test-app.js';
import { addMembership } from '../../../organizations/index.js';
import { appWithClock, enrol, movableClock } from '../../second-factor/testing/second-factor-harness.js';
import { enforcedSsoProvider, verifiedDomain } from '../testing/enterprise-identity.js';
import { mailedToken } from '../testing/mail.js';

const ACCEPTED = { status: 'accepted' };

describe.each(handlerTestProfiles)('POST /api/v1/auth/password-reset ($profile)', (profile) => {
  const clock = movableClock();
  const t = useTestApp(() => appWithClock(profile, clock));
  expectNeighbourUntouchedAfterEach(t);
  const request = (email: string) => t.current.call('POST', '/api/v1/auth/password-reset', { body: { email } });
  const resetMailTo = (email: string) => t.current.mail.filter((m) => m.purpose === 'password_reset' && m.to === email);
  const trail = async (person: TestPerson, action: string) =>
    (await t.current.call('GET', `/api/v1/identity/audit?action=${action}`, { token: person.token, headers: { 'x-expected-organization': person.personalOrgId } })).body.events;

  it('mails a link to the reset page with a 30-minute token kept only as its digest, audited in the personal organization', async () => {
    const person = await t.current.signup();
    const response = await request(person.email.toUpperCase());
    expect(response.status).toBe(202);
    expect(response.body).toEqual(ACCEPTED);
    expect(response.headers['ratelimit-limit'], 'limited per source address like the other authentication routes').toBeDefined();

    const token = await mailedToken(t.current, person.email, 'password_reset');
    const [mail] = resetMailTo(person.email);
    expect(mail!.text).toContain(`https://dashboard.example.test/reset-password?token=${token}`);
    expect(token).toMatch(/^snp_[A-Za-z0-9_-]{43}$/);
    const stored = await t.current.db.query<{ lifetime: number }>(
      'SELECT extract(epoch FROM expires_at - created_at)::int AS lifetime, token_hash FROM password_resets WHERE user_id = $1',
      [person.id],
    );
    expect(stored.rows.map((row) => row.lifetime)).toEqual([30 * 60]);
    expect(JSON.stringify(stored.rows)).not.toContain(token);
    const queued = await t.current.db.query(`SELECT payload, last_error FROM jobs WHERE kind = 'mail.deliver'`);
    expect(JSON.stringify(queued.rows), 'the queued mail keeps its link sealed').not.toContain(token);

    const [event] = await trail(person, 'user.password_reset_requested');
    expect(event).toMatchObject({ actor: { kind: 'anonymous' }, source_ip: '127.0.0.1', detail: { user_id: person.id, email: person.email } });
    expect(JSON.stringify(event)).not.toContain(token);
  });

  it('answers an address no account has with the same 202, and mails nothing', async () => {
    const unknown = `nobody-${randomUUID()}@example.test`;
    const response = await request(unknown);
    expect(response.status).toBe(202);
    expect(response.raw).toBe(JSON.stringify(ACCEPTED));
    await t.current.deliverMail();
    expect(t.current.mail.filter((m) => m.to === unknown)).toEqual([]);
    expect((await t.current.db.query('SELECT 1 FROM password_resets WHERE email = $1', [unknown])).rows).toEqual([]);
  });

  it('mails one address three times in 15 minutes at most, whether or not an account has it: then 429', async () => {
    const person = await t.current.signup();
    const unknown = `nobody-${randomUUID()}@example.test`;
    for (const email of [person.email, unknown]) {
      for (let attempt = 0; attempt < 3; attempt++) expect((await request(email)).status).toBe(202);
      const refused = await request(email);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate_limited');
    }
    await t.current.deliverMail();
    expect(resetMailTo(person.email)).toHaveLength(3);
  });

  it('refuses malformed addresses with 400 before anything is looked up', async () => {
    expect((await request('not an address')).status).toBe(400);
    expect((await t.current.call('POST', '/api/v1/auth/password-reset', { body: { email: 'a@example.test', extra: true } })).status).toBe(400);
  });

  describe('under enforced single sign-on', () => {
    /** A person of a domain the tenant then verifies and enforces SSO for. */
    const enforced = async (role: 'owner' | 'analyst'): Promise<{ tenant: TestTenant; person: TestPerson; domain: string }> => {
      const tenant = await t.current.tenant();
      const domain = `d-${randomUUID().slice(0, 12)}.example.test`;
      const person = await t.current.signup({ email: `p-${randomUUID().slice(0, 8)}@${domain}` });
      await t.current.db.transaction((tx) => addMembership(tx, tenant.id, { userId: person.id, role, arrival: 'manual', actor: { kind: 'user', id: tenant.owner.id } }));
      await verifiedDomain(t.current.db, tenant.id, domain);
      await enforcedSsoProvider(t.current.db, tenant.id);
      return { tenant, person, domain };
    };

    it('answers the same 202, mails nothing, and records the refusal in the enforcing organization', async () => {
      const { tenant, person, domain } = await enforced('analyst');
      const response = await request(person.email);
      expect(response.status).toBe(202);
      expect(response.body).toEqual(ACCEPTED);
      await t.current.deliverMail();
      expect(resetMailTo(person.email)).toEqual([]);
      const refusals = await t.current.call('GET', '/api/v1/identity/audit?action=sso_enforcement.password_reset_refused', { token: tenant.owner.token, headers: { 'x-expected-organization': tenant.id } });
      expect(refusals.body.events).toEqual([expect.objectContaining({ actor: { kind: 'anonymous', id: null }, detail: { user_id: person.id, domain } })]);
    });

    it('mails an owner of the enforcing organization with a second factor, who may sign in past enforcement', async () => {
      const { person } = await enforced('owner');
      await enrol(t.current, person, clock);
      expect((await request(person.email)).status).toBe(202);
      await t.current.deliverMail();
      expect(resetMailTo(person.email)).toHaveLength(1);
    });
  });
});
