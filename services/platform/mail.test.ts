import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.js';
import { createLogger } from './logger.js';
import { createConfiguredMailer, sendBestEffort, type MailMessage } from './mail.js';

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

  it('writes the whole text, link included, to the log with the development sink', async () => {
    const { logger, lines } = capturingLogger();
    await createConfiguredMailer({ mailSink: 'log', smtp: undefined }, logger).send(message);
    expect(lines[0]).toMatchObject({ level: 'info', mail_text: message.text });
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
