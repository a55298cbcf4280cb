// Password reset and address verification through a real SMTP relay on loopback:
// the service queues the mail, the mail worker sends it with
// nodemailer, the relay (smtp-server) receives it, and the test reads the link in it
// as the person would, then follows it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressObject } from 'mailparser';
import { startSmtpServer, type LoopbackSmtpServer, type ReceivedMail } from '../../../test/support/smtp-server.js';
import { expectNeighbourUntouchedAfterEach, testProfiles, useTestApp, type TestPerson } from '../../../test/support/test-app.js';
import { createLogger } from '../../platform/logger.js';
import { createSmtpMailer, type Mailer } from '../../platform/mail.js';
import { tokenOfLink } from './testing/mail.js';

const ONE_401 = '{"error":"authentication required","code":"unauthorized"}';

describe.each(testProfiles)('password reset and verification mail through an SMTP relay ($profile)', (profile) => {
  let relay: LoopbackSmtpServer;
  let port: number;
  const logLines: Array<Record<string, unknown>> = [];
  // The app is built before the relay's port is known: its mailer is bound when the relay starts.
  let relayMailer: Mailer | undefined;
  const mailer: Mailer = { send: (message) => relayMailer!.send(message) };
  const t = useTestApp(() => ({
    profile: profile.profile,
    mailer,
    logger: createLogger('trace', {}, { write: (line: string) => void logLines.push(JSON.parse(line)) }),
  }));
  expectNeighbourUntouchedAfterEach(t);

  beforeAll(async () => {
    relay = await startSmtpServer();
    port = relay.port;
    relayMailer = createSmtpMailer({ url: `smtp://127.0.0.1:${port}`, from: 'sentinel@sentinel.example.test', requireTls: false, trustedCaPem: undefined });
  });
  afterAll(async () => {
    await relay.close();
  });

  const to = (mail: ReceivedMail): string => (mail.parsed.to as AddressObject).text;
  const receivedBy = (email: string) => relay.received.filter((mail) => to(mail) === email);
  const requestReset = (email: string) => t.current.call('POST', '/api/v1/auth/password-reset', { body: { email } });
  const confirm = (token: string, password: string) => t.current.call('POST', '/api/v1/auth/password-reset/confirm', { body: { token, password } });
  const login = (email: string, password: string) => t.current.call('POST', '/api/v1/auth/login', { body: { email, password } });
  /** The token of the latest reset mail the relay received for the person. */
  const relayedResetToken = async (person: Pick<TestPerson, 'email'>): Promise<string> => {
    await t.current.deliverMail();
    const mail = receivedBy(person.email).filter((received) => received.parsed.subject === 'Reset your Sentinel password').at(-1);
    return tokenOfLink(mail?.parsed.text, `the relay received no reset mail for ${person.email}`);
  };

  it('resets a password end to end: request, mail received, link followed, old password and sessions refused, new password works', async () => {
    const person = await t.current.signup();
    expect((await requestReset(person.email)).status).toBe(202);
    const token = await relayedResetToken(person);
    const [mail] = receivedBy(person.email);
    expect(mail!.parsed.from?.text).toBe('sentinel@sentinel.example.test');
    expect(mail!.parsed.text).toContain(`https://dashboard.example.test/reset-password?token=${token}`);

    expect((await confirm(token, 'correct horse battery staple')).status).toBe(204);
    expect((await login(person.email, person.password)).raw).toBe(ONE_401);
    expect((await login(person.email, 'correct horse battery staple')).status).toBe(200);
    expect((await t.current.call('GET', '/api/v1/me', { token: person.token })).status).toBe(401);
    expect((await t.current.call('POST', '/api/v1/auth/refresh', { body: { refresh_token: person.refreshToken } })).raw).toBe(ONE_401);
    const logged = JSON.stringify(logLines);
    expect(logged, 'no log line, at trace level, holds the token or the new password').not.toContain(token);
    expect(logged).not.toContain('correct horse battery staple');
  });

  it('answers an unknown address with the same 202 and the relay receives nothing', async () => {
    const known = await t.current.signup();
    const unknown = `nobody-${randomUUID()}@example.test`;
    const [forUnknown, forKnown] = [await requestReset(unknown), await requestReset(known.email)];
    expect([forUnknown.status, forUnknown.raw]).toEqual([forKnown.status, forKnown.raw]);
    await t.current.deliverMail();
    expect(receivedBy(unknown)).toEqual([]);
    expect(receivedBy(known.email)).toHaveLength(1);
  });

  it('takes a mailed token once, and not once it has expired', async () => {
    const person = await t.current.signup();
    await requestReset(person.email);
    const token = await relayedResetToken(person);
    expect((await confirm(token, 'first new password')).status).toBe(204);
    expect((await confirm(token, 'second new password')).raw).toBe(ONE_401);

    await requestReset(person.email);
    const expiring = await relayedResetToken(person);
    await t.current.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1) AND used_at IS NULL`, [person.email]);
    expect((await confirm(expiring, 'second new password')).raw).toBe(ONE_401);
    expect((await login(person.email, 'first new password')).status).toBe(200);
  });

  it('sends one address three reset mails in 15 minutes at most', async () => {
    const person = await t.current.signup();
    for (let attempt = 0; attempt < 3; attempt++) expect((await requestReset(person.email)).status).toBe(202);
    expect((await requestReset(person.email)).status).toBe(429);
    await t.current.deliverMail();
    expect(receivedBy(person.email)).toHaveLength(3);
  });

  it('sends the address verification mail through the relay too', async () => {
    const person = await t.current.signup();
    expect((await t.current.call('POST', '/api/v1/me/email-verification', { token: person.token })).status).toBe(202);
    await t.current.deliverMail();
    const [mail] = receivedBy(person.email);
    expect(mail!.parsed.subject).toBe('Verify your email address for Sentinel');
    const token = tokenOfLink(mail!.parsed.text, 'no link in the verification mail');
    expect((await t.current.call('POST', '/api/v1/auth/email-verification', { body: { token } })).status).toBe(200);
  });

  it('tries again while the relay is down and delivers once it is back, logging the failure without the link', async () => {
    const person = await t.current.signup();
    await relay.close();
    logLines.length = 0;
    expect((await requestReset(person.email)).status, 'the answer does not wait for the relay').toBe(202);
    await t.current.deliverMail();
    const failure = logLines.find((line) => line.msg === 'mail could not be delivered; it will be tried again');
    expect(failure).toMatchObject({ level: 'warn', mail: { to: person.email, purpose: 'password_reset' }, attempt: 1, retrying: true });

    relay = await startSmtpServer({ port });
    await relay.waitForMail(1, 15_000);
    const token = tokenOfLink(receivedBy(person.email)[0]?.parsed.text, 'no reset mail after the relay came back');
    expect(JSON.stringify(logLines)).not.toContain(token);
    expect(JSON.stringify(logLines)).not.toContain('reset-password?token');
    expect((await confirm(token, 'delivered at last')).status).toBe(204);
  });

  it('gives up at once on a relay that refuses the mail for good (5xx), and says so in the log', async () => {
    const person = await t.current.signup();
    await relay.close();
    const refusing = await startSmtpServer({ port, refuseWith: 550 });
    try {
      logLines.length = 0;
      await requestReset(person.email);
      await t.current.deliverMail();
      const jobs = await t.current.db.query<{ state: string; attempts: number }>(
        `SELECT state, attempts FROM jobs WHERE kind = 'mail.deliver' AND payload->>'to' = $1`,
        [person.email],
      );
      expect(jobs.rows).toEqual([{ state: 'failed', attempts: 1 }]);
      expect(logLines.find((line) => line.msg === 'mail could not be delivered; giving up')).toMatchObject({ mail: { to: person.email, purpose: 'password_reset' }, retrying: false });
      expect(JSON.stringify(logLines)).not.toContain('snp_');
    } finally {
      await refusing.close();
      relay = await startSmtpServer({ port });
    }
  });
});
