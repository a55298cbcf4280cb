// The mail port: what the service sends people (address verification and password
// reset links, the notice that an owner signed in past SSO enforcement). MAIL_SINK
// chooses the transport: smtp sends through the relay SMTP_URL names; none drops
// each mail with a warning that names its recipient and purpose, never its text
// (its links are credentials); log, refused in production, writes the whole text to
// the log for development. Mail carrying a link is queued (mail-queue.ts) and sent by
// the workers role, with retries.
import tls from 'node:tls';
import { createTransport } from 'nodemailer';
import type { Config, SmtpConfig } from './config.js';
import type { Logger } from './logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** What the mail is for, for logs and tests (email_verification, password_reset, sso_enforcement_bypassed). */
  purpose: string;
}

export interface Mailer {
  /**
   * Sends one message, or throws a MailDeliveryError. Call it after the transaction
   * that decided to send it has committed.
   */
  send(message: MailMessage): Promise<void>;
}

/**
 * A mail the relay did not take. Its message names the failure (the relay's reply
 * code, or the connection's error code) and never the mail's text. `retriable` is
 * false when the relay refused for good (a 5xx reply: unknown mailbox, refused
 * sender or credentials): sending it again would be refused again.
 */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    readonly retriable: boolean,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

/**
 * The development sink writes each mail's whole text to the console (stderr), not to the
 * structured log: the logger hides every token in a link, and the point of this sink is
 * the link a developer opens.
 */
export function createConfiguredMailer(config: Pick<Config, 'mailSink' | 'smtp'>, logger: Logger, developmentConsole: (text: string) => void = (text) => process.stderr.write(text)): Mailer {
  const log = logger.child({ component: 'mail' });
  if (config.mailSink === 'smtp' && config.smtp) return createSmtpMailer(config.smtp);
  if (config.mailSink === 'log') {
    return {
      async send(message) {
        log.info({ mail: { to: message.to, subject: message.subject, purpose: message.purpose } }, 'mail (development sink: not sent; its text is on stderr)');
        developmentConsole(`sentinel: mail to ${message.to} (${message.purpose}), not sent (MAIL_SINK=log)\nSubject: ${message.subject}\n\n${message.text}\n\n`);
      },
    };
  }
  return {
    async send(message) {
      log.warn({ mail: { to: message.to, purpose: message.purpose } }, 'mail dropped: no mail transport is connected (MAIL_SINK)');
    },
  };
}

/**
 * Sends through an SMTP relay with nodemailer: smtps:// speaks TLS from the start;
 * smtp:// upgrades with STARTTLS when the relay offers it, and refuses to go on
 * without it when requireTls is set (production). Certificates are always verified,
 * against Node's roots plus SMTP_CA_FILE. One connection per mail: the service sends
 * little, and a pooled connection would outlive a relay's restart.
 */
export function createSmtpMailer(smtp: SmtpConfig): Mailer {
  const transport = createTransport(
    {
      url: smtp.url,
      requireTLS: smtp.requireTls,
      tls: { rejectUnauthorized: true, ...(smtp.trustedCaPem !== undefined && { ca: [...tls.rootCertificates, smtp.trustedCaPem] }) },
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    },
    { from: smtp.from },
  );
  return {
    async send(message) {
      try {
        await transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
      } catch (error) {
        throw deliveryErrorOf(error);
      }
    },
  };
}

function deliveryErrorOf(error: unknown): MailDeliveryError {
  const { responseCode, code } = (typeof error === 'object' && error !== null ? error : {}) as { responseCode?: unknown; code?: unknown };
  if (typeof responseCode === 'number') {
    return new MailDeliveryError(`the SMTP relay refused the mail with reply ${responseCode}`, responseCode < 500);
  }
  return new MailDeliveryError(`the SMTP relay could not be reached or spoken to (${typeof code === 'string' ? code : 'no error code'})`, true);
}

/** Where a failed send is noted: the service's logger, or a request's. */
export interface MailLog {
  warn(details: object, message: string): void;
}

/**
 * Sends after the fact without failing what already happened: a notice that cannot be
 * sent is logged (recipient and purpose only), and the action it reports stands.
 */
export async function sendBestEffort(mailer: Mailer, logger: MailLog, messages: readonly MailMessage[]): Promise<void> {
  await Promise.all(
    messages.map(async (message) => {
      try {
        await mailer.send(message);
      } catch (error) {
        logger.warn({ err: error, mail: { to: message.to, purpose: message.purpose } }, 'mail could not be sent');
      }
    }),
  );
}
