import { describe, expect, it } from 'vitest';
import { expectNeighbourUntouchedAfterEach, handlerTestProfiles, useTestApp, type TestPerson } from '../../../../test/support/test-app.js';
import { mailedToken } from '../testing/mail.js';

describe.each(handlerTestProfiles)('POST /api/v1/me/email-verification ($profile)', (profile) => {
  const t = useTestApp(profile);
  expectNeighbourUntouchedAfterEach(t);
  const request = (person: TestPerson) => t.current.call('POST', '/api/v1/me/email-verification', { token: person.token });

  it('mails the person a link to the deployment’s page with a token kept only as its digest, audited in the personal organization', async () => {
    const person = await t.current.signup();
    const response = await request(person);
    expect(response.status).toBe(202);
    expect(response.body.email).toBe(person.email);
    const lifetime = new Date(response.body.expires_at).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(23 * 3600_000);
    expect(lifetime).toBeLessThanOrEqual(24 * 3600_000);

    const token = await mailedToken(t.current, person.email);
    const mail = t.current.mail.filter((m) => m.to === person.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('https://dashboard.example.test/verify-email?token=snv_');
    const queued = await t.current.db.query<{ payload: unknown }>(`SELECT payload FROM jobs WHERE kind = 'mail.deliver'`);
    expect(JSON.stringify(queued.rows), 'the queued mail keeps its link sealed').not.toContain(token);
    const stored = await t.current.db.query<{ token_hash: Uint8Array }>('SELECT token_hash FROM email_verifications WHERE user_id = $1', [person.id]);
    expect(JSON.stringify(stored.rows)).not.toContain(token);

    const trail = await t.current.call('GET', '/api/v1/identity/audit?action=user.email_verification_requested', { token: person.token });
    expect(trail.body.events).toHaveLength(1);
    expect(trail.body.events[0]).toMatchObject({ actor: { kind: 'user', id: person.id }, detail: { email: person.email, expires_at: response.body.expires_at } });
    expect(JSON.stringify(trail.body)).not.toContain(token);
  });

  it('sends at most one mail a minute: 429 with Retry-After', async () => {
    const person = await t.current.signup();
    expect((await request(person)).status).toBe(202);
    const again = await request(person);
    expect(again.status).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(again.headers['retry-after'])).toBeLessThanOrEqual(60);
    await t.current.deliverMail();
    expect(t.current.mail.filter((m) => m.to === person.email)).toHaveLength(1);
  });

  it('answers 409 for an address already verified', async () => {
    const person = await t.current.signup();
    await t.current.db.query('UPDATE users SET email_verified_at = now() WHERE id = $1', [person.id]);
    expect((await request(person)).status).toBe(409);
  });
});
