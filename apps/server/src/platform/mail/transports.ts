/**
 * Where the dispatcher hands a mail: SMTP through nodemailer when `SMTP_URL`
 * is set, otherwise the dev mailbox (the outbox row itself, shown at
 * /dev/mailbox) plus a log line.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { OutboxMail } from './outbox';
import { mailLinks } from './templates';

export interface MailTransport {
  kind: 'smtp' | 'dev-mailbox';
  /** Resolves once the mail is accepted; rejects with the reason otherwise. */
  deliver(mail: OutboxMail): Promise<void>;
  close(): void;
}

/**
 * Kept well below the dispatcher's lease, so a hanging SMTP server fails the
 * attempt (and it is retried) long before another dispatcher may claim the row.
 */
export const SMTP_TIMEOUTS_MS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export function createMailTransport(config: Pick<Config, 'smtpUrl' | 'mailFrom'>, log: FastifyBaseLogger): MailTransport {
  if (!config.smtpUrl) return devMailboxTransport(log);
  const smtpUrl = config.smtpUrl;
  // nodemailer loads with the first mail, not at every start (decision 060).
  let opened: Promise<Transporter> | undefined;
  const transporter = () =>
    (opened ??= import('nodemailer').then((m) => m.default.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS_MS })));
  // A stable Message-ID per outbox row lets a mail client drop the duplicate
  // of a delivery that was repeated after a lost acknowledgement.
  const domain = /@([^>\s]+)/.exec(config.mailFrom)?.[1] ?? 'localhost';
  return {
    kind: 'smtp',
    async deliver(mail) {
      const smtp = await transporter();
      await smtp.sendMail({
        from: config.mailFrom,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        messageId: `<${mail.id}@${domain}>`,
      });
    },
    close: () => void opened?.then((smtp) => smtp.close()),
  };
}

function devMailboxTransport(log: FastifyBaseLogger): MailTransport {
  return {
    kind: 'dev-mailbox',
    async deliver(mail) {
      // The links carry one-time tokens: only at debug level.
      log.info({ mailId: mail.id, to: mail.to, subject: mail.subject }, 'mail delivered to the dev mailbox (/dev/mailbox)');
      log.debug({ mailId: mail.id, links: mailLinks(mail.text) }, 'dev mailbox mail links');
    },
    close() {},
  };
}
