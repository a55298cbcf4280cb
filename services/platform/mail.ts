// The mail port: what the service sends people (address verification links, the
// notice that an owner signed in past SSO enforcement). The deployment connects a
// transport; until one is, mail is dropped with a warning that names its recipient
// and purpose, never its text (its links are credentials). MAIL_SINK=log, refused
// in production, writes the whole text to the log for development.
import type { MailSink } from './config.js';
import type { Logger } from './logger.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** What the mail is for, for logs and tests (email_verification, sso_enforcement_bypassed). */
  purpose: string;
}

export interface Mailer {
  /** Sends one message. Call it after the transaction that decided to send it has committed. */
  send(message: MailMessage): Promise<void>;
}

export function createConfiguredMailer(sink: MailSink, logger: Logger): Mailer {
  const log = logger.child({ component: 'mail' });
  if (sink === 'log') {
    return {
      async send(message) {
        log.info({ mail: { to: message.to, subject: message.subject, purpose: message.purpose }, mail_text: message.text }, 'mail (development sink: not sent)');
      },
    };
  }
  return {
    async send(message) {
      log.warn({ mail: { to: message.to, purpose: message.purpose } }, 'mail dropped: no mail transport is connected (MAIL_SINK)');
    },
  };
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
