import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type LoopbackSmtpServer } from '../../test/support/smtp-server.js';
import { parseConfig, type SmtpConfig } from './config.js';
import { createTestCertificates, type TestCertificates } from './egress/testing/certificates.js';
import { createLogger } from './logger.js';
import { createConfiguredMailer, createSmtpMailer, MailDeliveryError, sendBestEffort, type MailMessage } from './mail.js';

const message: MailMessage = { to: 'ada@example.test', subject: 'Verify', text: 'Open https://dashboard.example.test/verify-email?token=snv_0123456789abcdef0123', purpose: 'email_verification' };

function capturingLogger() {
  const lines: Array<Record<string, unknown>> = [];
  const logger = createLogger('info', {}, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe('the mail port as configured', () => {
  it('drops mail without a transport, logging recipient and purpose but never the text', async () => {
    const { logger, lines } = capturingLogger();
    await createConfiguredMailer({ mailSink: 'none', smtp: undefined }, logger).send(message);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'warn', mail: { to: message.to, purpose: message.purpose } });
    expect(JSON.stringify(lines)).not.toContain('snv_');
  });

  it('writes the whole text, link included, to the console with the development sink, and only recipient and purpose to the log', async () => {
    const { logger, lines } = capturingLogger();
    const console: string[] = [];
    await createConfiguredMailer({ mailSink: 'log', smtp: undefined }, logger, (text) => console.push(text)).send(message);
    expect(console.join('')).toContain(message.text);
    expect(lines[0]).toMatchObject({ level: 'info', mail: { to: message.to, purpose: message.purpose } });
    expect(JSON.stringify(lines)).not.toContain('snv_');
  });

  it('refuses the development sink in production', () => {
    const production = { NODE_ENV: 'production', TOKEN_SIGNING_KEY: 'a'.repeat(64), WEBHOOK_SECRET_KEY: 'b'.repeat(64) };
    expect(() => parseConfig({ ...production, MAIL_SINK: 'log' })).toThrow(/MAIL_SINK=log is refused in production/);
    expect(parseConfig({ ...production }).mailSink).toBe('none');
    expect(() => parseConfig({ MAIL_SINK: 'sendmail' })).toThrow(/MAIL_SINK must be none, log or smtp/);
  });

  it('logs a mail that cannot be sent after the fact, and carries on', async () => {
    const { logger, lines } = capturingLogger();
    const failing = { send: async () => Promise.reject(new Error('relay down')) };
    await sendBestEffort(failing, logger, [message]);
    expect(lines[0]).toMatchObject({ level: 'warn', mail: { to: message.to, purpose: message.purpose } });
  });
});

describe('mail through an SMTP relay (a real smtp-server on loopback)', () => {
  let certificates: TestCertificates;
  const started: LoopbackSmtpServer[] = [];
  const relay = async (options: Parameters<typeof startSmtpServer>[0]) => {
    const server = await startSmtpServer(options);
    started.push(server);
    return server;
  };
  const smtp = (url: string, overrides: Partial<SmtpConfig> = {}): SmtpConfig => ({ url, from: 'sentinel@sentinel.example.test', requireTls: true, trustedCaPem: certificates.caPem, ...overrides });
  const sendRefusal = async (config: SmtpConfig): Promise<MailDeliveryError> => {
    const error = await createSmtpMailer(config).send(message).then(() => undefined, (failure: unknown) => failure);
    expect(error).toBeInstanceOf(MailDeliveryError);
    expect(String((error as Error).message)).not.toContain('snv_');
    return error as MailDeliveryError;
  };

  beforeAll(() => {
    certificates = createTestCertificates();
  });
  afterAll(async () => {
    await Promise.all(started.map((server) => server.close()));
  });

  it('upgrades with STARTTLS, verifies the relay against SMTP_CA_FILE, authenticates with the URL’s user, and delivers the mail', async () => {
    const server = await relay({ tls: { keyPem: certificates.serverKeyPem, certPem: certificates.serverCertPem }, users: { sentinel: 's3cret/pass' } });
    await createSmtpMailer(smtp(`smtp://sentinel:${encodeURIComponent('s3cret/pass')}@localhost:${server.port}`)).send(message);
    expect(server.received).toHaveLength(1);
    const [mail] = server.received;
    expect(mail).toMatchObject({ user: 'sentinel', secure: true });
    expect(mail!.parsed.from?.text).toBe('sentinel@sentinel.example.test');
    expect(mail!.parsed.to).toMatchObject({ text: message.to });
    expect(mail!.parsed.subject).toBe(message.subject);
    expect(mail!.parsed.text?.trim()).toBe(message.text);
  });

  it('speaks TLS from the first byte for smtps://', async () => {
    const server = await relay({ tls: { keyPem: certificates.serverKeyPem, certPem: certificates.serverCertPem }, implicitTls: true });
    await createSmtpMailer(smtp(`smtps://localhost:${server.port}`)).send(message);
    expect(server.received.map((mail) => mail.secure)).toEqual([true]);
  });

  it('refuses a relay whose certificate it cannot verify, and sends nothing', async () => {
    const server = await relay({ tls: { keyPem: certificates.serverKeyPem, certPem: certificates.serverCertPem } });
    const refusal = await sendRefusal(smtp(`smtp://localhost:${server.port}`, { trustedCaPem: undefined }));
    expect(refusal.retriable).toBe(true);
    expect(server.received).toEqual([]);
  });

  it('refuses to send in clear text to a relay without STARTTLS when TLS is required (production), and sends without it otherwise', async () => {
    const server = await relay({});
    await sendRefusal(smtp(`smtp://127.0.0.1:${server.port}`));
    expect(server.received).toEqual([]);
    await createSmtpMailer(smtp(`smtp://127.0.0.1:${server.port}`, { requireTls: false })).send(message);
    expect(server.received.map((mail) => mail.secure)).toEqual([false]);
  });

  it('tells a refusal for good (5xx) from one worth trying again (4xx, relay unreachable)', async () => {
    const permanent = await relay({ refuseWith: 550 });
    expect((await sendRefusal(smtp(`smtp://127.0.0.1:${permanent.port}`, { requireTls: false }))).retriable).toBe(false);
    const transient = await relay({ refuseWith: 451 });
    expect((await sendRefusal(smtp(`smtp://127.0.0.1:${transient.port}`, { requireTls: false }))).retriable).toBe(true);
    const gone = await relay({});
    await gone.close();
    expect((await sendRefusal(smtp(`smtp://127.0.0.1:${gone.port}`, { requireTls: false }))).retriable).toBe(true);
  });

  it('is chosen by SMTP_URL, which needs MAIL_FROM, takes no query, and is never echoed in an error', () => {
    const relayUrl = 'smtp://sentinel:hunter2@mail.example.test:587';
    const chosen = parseConfig({ SMTP_URL: relayUrl, MAIL_FROM: 'sentinel@example.test' });
    expect(chosen.mailSink).toBe('smtp');
    expect(chosen.smtp).toEqual({ url: relayUrl, from: 'sentinel@example.test', requireTls: false, trustedCaPem: undefined });
    const production = { NODE_ENV: 'production', TOKEN_SIGNING_KEY: 'a'.repeat(64), WEBHOOK_SECRET_KEY: 'b'.repeat(64) };
    expect(parseConfig({ ...production, SMTP_URL: relayUrl, MAIL_FROM: 'sentinel@example.test' }).smtp?.requireTls).toBe(true);
    expect(() => parseConfig({ SMTP_URL: relayUrl })).toThrow(/MAIL_FROM is required/);
    expect(() => parseConfig({ MAIL_SINK: 'smtp', MAIL_FROM: 'sentinel@example.test' })).toThrow(/MAIL_SINK=smtp needs SMTP_URL/);
    expect(() => parseConfig({ SMTP_URL: relayUrl, MAIL_SINK: 'log', MAIL_FROM: 'sentinel@example.test' })).toThrow(/would not use it/);
    for (const wrong of ['http://sentinel:hunter2@mail.example.test', 'smtp://sentinel:hunter2@mail.example.test?tls.rejectUnauthorized=false', 'smtp:hunter2']) {
      const error = (() => {
        try {
          parseConfig({ SMTP_URL: wrong, MAIL_FROM: 'sentinel@example.test' });
        } catch (failure) {
          return failure as Error;
        }
        throw new Error(`${wrong} was accepted`);
      })();
      expect(error.message).toMatch(/SMTP_URL must be/);
      expect(error.message).not.toContain('hunter2');
    }
  });
});
