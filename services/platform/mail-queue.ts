// Mail that carries a credential link (address verification, password reset) goes
// through the job queue: queued in the transaction that issued the link, sent by
// the workers role after commit, so no request waits on (or times) the relay, no
// network call happens inside a transaction, and a mail is not lost when a process
// dies. A relay that is down or answers 4xx is tried again with the queue's
// exponential backoff (2 s, 4 s, ... about four minutes over eight attempts); a 5xx
// refusal fails the job at once. The text is sealed in the job's payload (its link
// is a credential); failures are logged with recipient and purpose, never the text.
import { randomUUID } from 'node:crypto';
import type { Database, OrgId, Queryable } from './db/database.js';
import { configuredSecretBox } from './crypto/secret-box.js';
import { createWorker, enqueueJob, type Job, type Worker } from './jobs.js';
import type { Logger } from './logger.js';
import type { Mailer, MailMessage } from './mail.js';
import type { WorkerRegistration } from './worker-registry.js';

export const MAIL_DELIVERY_JOB = 'mail.deliver';
/** With the queue's backoff (2^attempt seconds), the last attempt comes about four minutes after the first. */
const MAIL_DELIVERY_ATTEMPTS = 8;

interface MailJobPayload {
  mail_id: string;
  to: string;
  subject: string;
  purpose: string;
  sealed_text: string;
}

export interface MailQueue {
  /** Queues the message in the caller's transaction; the workers role sends it once that has committed. */
  enqueue(tx: Queryable, orgId: OrgId, message: MailMessage): Promise<void>;
}

// Bound to the organization, the mail and its recipient: a sealed text copied into another job does not open.
const associatedDataOf = (orgId: string, payload: Pick<MailJobPayload, 'mail_id' | 'to'>): string => `mail_job:${orgId}:${payload.mail_id}:${payload.to}`;

/** secretKey: WEBHOOK_SECRET_KEY, the secret box's key. */
export function createMailQueue(deps: { secretKey: Buffer }): MailQueue {
  const box = configuredSecretBox(deps.secretKey);
  return {
    async enqueue(tx, orgId, message) {
      const mailId = randomUUID();
      const payload: MailJobPayload = {
        mail_id: mailId,
        to: message.to,
        subject: message.subject,
        purpose: message.purpose,
        sealed_text: box.seal(message.text, associatedDataOf(orgId, { mail_id: mailId, to: message.to })),
      };
      await enqueueJob(tx, orgId, MAIL_DELIVERY_JOB, { ...payload }, { maxAttempts: MAIL_DELIVERY_ATTEMPTS });
    },
  };
}

/** The worker that sends queued mail through the configured transport. */
export function createMailDeliveryWorker(deps: { db: Database; mailer: Mailer; secretKey: Buffer; logger: Logger }, registration: WorkerRegistration): Worker {
  const box = configuredSecretBox(deps.secretKey);
  const log = deps.logger.child({ component: 'mail-delivery' });
  const deliver = async (job: Job): Promise<void> => {
    const payload = job.payload as unknown as MailJobPayload;
    const text = box.open(payload.sealed_text, associatedDataOf(job.orgId, payload)).toString('utf8');
    try {
      await deps.mailer.send({ to: payload.to, subject: payload.subject, purpose: payload.purpose, text });
    } catch (error) {
      const retrying = (error as { retriable?: unknown }).retriable === true && job.attempts < job.maxAttempts;
      log.warn(
        { mail: { to: payload.to, purpose: payload.purpose }, job_id: job.id, attempt: job.attempts, max_attempts: job.maxAttempts, retrying, reason: error instanceof Error ? error.message : String(error) },
        retrying ? 'mail could not be delivered; it will be tried again' : 'mail could not be delivered; giving up',
      );
      throw error;
    }
  };
  return createWorker({ db: deps.db, logger: log, worker: registration, kind: MAIL_DELIVERY_JOB, handle: deliver, concurrency: 4, pollIntervalMs: 250 });
}
