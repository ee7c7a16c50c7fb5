/**
 * The mail dispatcher: delivers the outbox after commit, with retries. Its runs are the job
 * queue's `mail.deliver` (platform/jobs): every MAIL_POLL_MS (whole seconds), and at once when a
 * service sends one after writing mail; one run at a time across the instances.
 *
 * Why a lease and no long transaction: a claim is one short statement
 * (`claimDueMail`: `FOR UPDATE SKIP LOCKED`, then `nextAttemptAt` moved past a
 * lease) and delivery runs after it committed. A slow SMTP server thus holds no
 * row lock and no pooled connection, several API instances never take the same
 * row while its lease lasts, and a dispatcher that dies mid-delivery leaves the
 * row due again when the lease runs out. Delivery is therefore at least once;
 * the Message-ID is stable per row so a mail client can drop a repeat. Each mail's
 * own retries (attempts, backoff) live on its outbox row: one mail failing is not the
 * job failing.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../db/database';
import type { JobDefinition } from '../jobs/job-queue';
import { claimDueMail, hasDueMail, markMailFailed, markMailSent, type OutboxMail } from './outbox';
import { createMailTransport } from './transports';

export interface MailDeliveryPolicy {
  /** Mails claimed (and delivered side by side) at once. */
  batchSize: number;
  /** After this many failed attempts a mail is FAILED for good. */
  maxAttempts: number;
  /** How long a claim keeps other dispatchers off a row; far above the SMTP timeouts. */
  leaseMs: number;
  /** Wait after the first failure; doubles with each further one, up to `maxRetryMs`. */
  firstRetryMs: number;
  maxRetryMs: number;
}

/** 30 s, 1, 2, 4 … 60 min: ten attempts span about four hours. */
export const DEFAULT_MAIL_DELIVERY: MailDeliveryPolicy = {
  batchSize: 10,
  maxAttempts: 10,
  leaseMs: 5 * 60_000,
  firstRetryMs: 30_000,
  maxRetryMs: 60 * 60_000,
};

/** Exponential backoff after the `attempts`-th failure. */
export const retryDelayMs = (policy: MailDeliveryPolicy, attempts: number) =>
  Math.min(policy.firstRetryMs * 2 ** Math.max(0, attempts - 1), policy.maxRetryMs);

export interface MailDispatcher {
  /** Delivers the due mail, a batch at a time, until none is due (one run of the job). */
  deliverDue(): Promise<void>;
  /** Closes the SMTP connections (after the queue stopped). */
  close(): void;
}

export const MAIL_DELIVERY_JOB = 'mail.deliver';

/** The outbox's job: a run looks for due mail; a failed run (the database away) is the next poll's to repeat. */
export const mailDeliveryJob = (
  dispatcher: MailDispatcher,
  pollMs: number,
): JobDefinition & { name: typeof MAIL_DELIVERY_JOB } => ({
  name: MAIL_DELIVERY_JOB,
  schedule: { everySeconds: pollMs / 1000 },
  retry: { limit: 0, delaySeconds: 1 },
  run: () => dispatcher.deliverDue(),
});

export function createMailDispatcher(
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'isProduction'>,
  db: Database,
  log: FastifyBaseLogger,
  policyOverrides: Partial<MailDeliveryPolicy> = {},
): MailDispatcher {
  const policy = { ...DEFAULT_MAIL_DELIVERY, ...policyOverrides };
  const transport = createMailTransport(config, log);
  if (config.isProduction && transport.kind === 'dev-mailbox') {
    log.warn('SMTP_URL is not set: mail is only logged and nobody receives it');
  }

  async function deliver(mail: OutboxMail) {
    try {
      await transport.deliver(mail);
    } catch (err) {
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const giveUp = mail.attempts >= policy.maxAttempts;
      const retryInMs = giveUp ? null : retryDelayMs(policy, mail.attempts);
      await markMailFailed(db, mail, error, retryInMs);
      const context = { mailId: mail.id, template: mail.template, attempts: mail.attempts, error };
      if (giveUp) log.error(context, 'mail delivery failed for good');
      else log.warn({ ...context, retryInMs }, 'mail delivery failed; will retry');
      return;
    }
    await markMailSent(db, mail);
    if (transport.kind === 'smtp') log.info({ mailId: mail.id, template: mail.template }, 'mail sent');
  }

  async function drain() {
    // Most polls find nothing: a plain read first keeps them cheap.
    if (!(await hasDueMail(db))) return;
    for (;;) {
      const batch = await claimDueMail(db, policy.batchSize, policy.leaseMs);
      await Promise.all(batch.map(deliver));
      if (batch.length < policy.batchSize) return;
    }
  }

  return {
    async deliverDue() {
      try {
        await drain();
      } catch (err) {
        log.error({ err }, 'mail dispatcher failed; trying again on the next poll');
        throw err;
      }
    },
    close: () => transport.close(),
  };
}
