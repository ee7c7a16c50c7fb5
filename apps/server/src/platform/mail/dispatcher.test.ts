/**
 * The dispatcher against a real SMTP server listening on an ephemeral port and
 * a real database (PGlite, or PostgreSQL under TEST_DATABASE_URL): what the
 * recipient's server receives, what the outbox rows say, what the log says. It
 * runs as the app runs it: the job queue's `mail.deliver`, every poll and when kicked.
 */
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { asc, sql } from 'drizzle-orm';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/helpers';
import { loadConfig } from '../../config';
import { mailOutbox } from '../../db/schema';
import { createJobQueue } from '../jobs/job-queue';
import { MAIL_DELIVERY_JOB, createMailDispatcher, mailDeliveryJob, type MailDeliveryPolicy } from './dispatcher';
import { claimDueMail, enqueueMail, markMailFailed } from './outbox';
import { mailTemplates } from './templates';

const APP_URL = 'http://app.test';

interface SmtpOptions {
  /** The SMTP reply refusing the n-th message (1-based), if any. */
  refuse?: (n: number) => { code: number; message: string } | undefined;
  /** How long the server takes to answer each message. */
  delayMs?: number;
}

/** A real SMTP server on 127.0.0.1: records every message it is offered and parses the accepted ones. */
async function startSmtpServer(options: SmtpOptions = {}) {
  const offeredAt: number[] = [];
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        offeredAt.push(Date.now());
        const refusal = options.refuse?.(offeredAt.length);
        void (async () => {
          if (options.delayMs) await sleep(options.delayMs);
          if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          received.push(await simpleParser(Buffer.concat(chunks)));
          callback();
        })();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    offeredAt,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** Fastify's own (pino) logger, writing its JSON lines into `logs`. */
function captureLogger() {
  const logs: Record<string, unknown>[] = [];
  const { log } = Fastify({
    logger: { level: 'debug', stream: { write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>) } },
  });
  return { log: log as FastifyBaseLogger, logs };
}

/** One app instance's mail delivery: the dispatcher and the queue that runs it. */
interface Dispatcher {
  start(): Promise<void>;
  /** What a service does after writing mail. */
  kick(): void;
  stop(): Promise<void>;
}

let tdb: TestDatabase;
let smtp: SmtpServer | undefined;
const dispatchers: Dispatcher[] = [];

beforeAll(async () => {
  tdb = await createTestDatabase();
});
afterAll(() => tdb.close());
beforeEach(async () => {
  await tdb.db.delete(mailOutbox).where(sql`true`);
});
afterEach(async () => {
  await Promise.all(dispatchers.splice(0).map((d) => d.stop()));
  await smtp?.close();
  smtp = undefined;
});

function dispatcher(
  env: { SMTP_URL?: string; MAIL_POLL_MS?: string },
  policy: Partial<MailDeliveryPolicy> = {},
  db = tdb.db,
  log = captureLogger().log,
) {
  const config = loadConfig({
    NODE_ENV: 'test',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    DATA_DIR: mkdtempSync(path.join(tmpdir(), 'logi-mail-')),
    MAIL_POLL_MS: '20',
    ...env,
  });
  const mail = createMailDispatcher(config, db, log, policy);
  const queue = createJobQueue(tdb.handle, { log, pollSeconds: 0.5, keepDays: 1 });
  queue.define(mailDeliveryJob(mail, config.mailPollMs));
  const d: Dispatcher = {
    start: () => queue.start(),
    kick: () => void queue.send(MAIL_DELIVERY_JOB),
    async stop() {
      await queue.stop();
      mail.close();
    },
  };
  dispatchers.push(d);
  return d;
}

const verifyMail = (token: string) => mailTemplates.verifyEmail(APP_URL, token);
const rows = () => tdb.db.select().from(mailOutbox).orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id));
const waitFor = <T>(check: () => Promise<T> | T, timeout = 10_000) => vi.waitFor(check, { timeout, interval: 10 });

describe('mail dispatcher over SMTP', () => {
  it('delivers the Japanese mail with its From, To, Subject and link, and marks it SENT', async () => {
    smtp = await startSmtpServer();
    await enqueueMail(tdb.db, 'hanako@example.jp', verifyMail('tok-123'));
    await dispatcher({ SMTP_URL: smtp.url }).start();

    await waitFor(() => expect(smtp!.received).toHaveLength(1));
    const mail = smtp.received[0]!;
    expect(mail.from?.value).toEqual([{ name: '物流マーケット', address: 'no-reply@logistics.example' }]);
    expect(mail.to).toMatchObject({ value: [{ address: 'hanako@example.jp', name: '' }] });
    expect(mail.subject).toBe('【物流マーケット】メールアドレスの確認');
    expect(mail.text).toContain('物流マーケットへのご登録ありがとうございます。');
    expect(mail.text).toContain(`${APP_URL}/sign-up/verify-email?token=tok-123`);
    expect(mail.html).toContain(`<a href="${APP_URL}/sign-up/verify-email?token=tok-123">メールアドレスを確認する</a>`);

    await waitFor(async () => expect((await rows())[0]).toMatchObject({ status: 'SENT', attempts: 1, lastError: null }));
    const [row] = await rows();
    expect(row!.sentAt).toBeInstanceOf(Date);
    expect(mail.messageId).toBe(`<${row!.id}@logistics.example>`);
  });

  it('retries a refused delivery with growing waits, then delivers it once', async () => {
    smtp = await startSmtpServer({ refuse: (n) => (n <= 2 ? { code: 451, message: 'try again later' } : undefined) });
    await enqueueMail(tdb.db, 'retry@example.jp', verifyMail('tok-retry'));
    const { log, logs } = captureLogger();
    await dispatcher({ SMTP_URL: smtp.url }, { firstRetryMs: 150 }, tdb.db, log).start();

    await waitFor(async () => expect((await rows())[0]).toMatchObject({ status: 'SENT', attempts: 3, lastError: null }));
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.subject).toBe('【物流マーケット】メールアドレスの確認');
    const [first, second, third] = smtp.offeredAt as [number, number, number];
    expect(second - first).toBeGreaterThanOrEqual(140);
    expect(third - second).toBeGreaterThanOrEqual(290);
    const retries = logs.filter((l) => l.msg === 'mail delivery failed; will retry');
    expect(retries.map((l) => [l.attempts, l.retryInMs])).toEqual([
      [1, 150],
      [2, 300],
    ]);
    expect(String(retries[0]!.error)).toMatch(/451/);
  });

  it('keeps the reason of a failed attempt and the time of the next one on the row', async () => {
    smtp = await startSmtpServer({ refuse: () => ({ code: 451, message: 'mailbox busy' }) });
    await enqueueMail(tdb.db, 'busy@example.jp', verifyMail('tok-busy'));
    const before = Date.now();
    await dispatcher({ SMTP_URL: smtp.url }, { firstRetryMs: 60_000 }).start();

    await waitFor(async () => expect((await rows())[0]!.lastError).toMatch(/451.*mailbox busy/));
    const [row] = await rows();
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, sentAt: null });
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 59_000);
    expect(smtp.offeredAt).toHaveLength(1);
  });

  it('gives up after the last attempt: FAILED with the reason, never tried again', async () => {
    smtp = await startSmtpServer({ refuse: () => ({ code: 550, message: 'no such user' }) });
    await enqueueMail(tdb.db, 'nobody@example.jp', verifyMail('tok-nobody'));
    const { log, logs } = captureLogger();
    await dispatcher({ SMTP_URL: smtp.url }, { maxAttempts: 3, firstRetryMs: 20 }, tdb.db, log).start();

    await waitFor(async () => expect((await rows())[0]).toMatchObject({ status: 'FAILED', attempts: 3 }));
    expect((await rows())[0]!.lastError).toMatch(/550.*no such user/);
    expect(logs.filter((l) => l.msg === 'mail delivery failed for good')).toHaveLength(1);
    await sleep(300);
    expect(smtp.offeredAt).toHaveLength(3);
    expect(smtp.received).toHaveLength(0);
  });

  it('delivers at once on kick() without waiting for the poll', async () => {
    smtp = await startSmtpServer();
    const d = dispatcher({ SMTP_URL: smtp.url, MAIL_POLL_MS: '600000' });
    await d.start(); // the first look on start finds nothing
    await enqueueMail(tdb.db, 'kick@example.jp', verifyMail('tok-kick'));
    d.kick();
    await waitFor(() => expect(smtp!.received).toHaveLength(1));
  });

  it('two dispatchers on one database deliver every mail exactly once', async () => {
    smtp = await startSmtpServer({ delayMs: 5 });
    for (let i = 0; i < 30; i++) await enqueueMail(tdb.db, `many-${i}@example.jp`, verifyMail(`tok-${i}`));
    const policy = { batchSize: 4 };
    const a = dispatcher({ SMTP_URL: smtp.url }, policy);
    const b = dispatcher({ SMTP_URL: smtp.url }, policy, await tdb.connectAgain());
    await a.start();
    await b.start();

    await waitFor(async () => expect((await rows()).every((r) => r.status === 'SENT')).toBe(true), 15_000);
    expect(smtp.offeredAt).toHaveLength(30);
    const recipients = smtp.received.map((m) => (Array.isArray(m.to) ? '' : m.to?.text));
    expect(new Set(recipients).size).toBe(30);
    expect((await rows()).map((r) => r.attempts)).toEqual(Array(30).fill(1));
  });

  it('leaves a claimed mail to its claimer until the lease runs out, then delivers it', async () => {
    smtp = await startSmtpServer();
    await enqueueMail(tdb.db, 'lease@example.jp', verifyMail('tok-lease'));
    // A dispatcher that claims the mail and dies before delivering it.
    const leaseEnds = Date.now() + 400;
    const [stale] = await claimDueMail(tdb.db, 10, 400);
    expect(stale).toMatchObject({ attempts: 1 });
    await dispatcher({ SMTP_URL: smtp.url }).start();

    await waitFor(async () => expect((await rows())[0]).toMatchObject({ status: 'SENT', attempts: 2 }));
    // Offered once, and not before the lease ran out (by the clock, however busy the machine).
    expect(smtp.offeredAt).toHaveLength(1);
    expect(smtp.offeredAt[0]).toBeGreaterThanOrEqual(leaseEnds);
    expect(smtp.received).toHaveLength(1);
    // The dead claimer's late answer does not overwrite the newer state.
    await markMailFailed(tdb.db, stale!, 'late failure', null);
    expect((await rows())[0]).toMatchObject({ status: 'SENT', lastError: null });
  });

  it('stop() waits for the delivery in flight', async () => {
    smtp = await startSmtpServer({ delayMs: 400 });
    await enqueueMail(tdb.db, 'slow@example.jp', verifyMail('tok-slow'));
    const d = dispatcher({ SMTP_URL: smtp.url });
    await d.start();
    await waitFor(() => expect(smtp!.offeredAt).toHaveLength(1));

    await d.stop();
    expect((await rows())[0]).toMatchObject({ status: 'SENT' });
    expect(smtp.received).toHaveLength(1);
  });

  it('keeps running after the database failed for a while', async () => {
    smtp = await startSmtpServer();
    const { log, logs } = captureLogger();
    const d = dispatcher({ SMTP_URL: smtp.url }, {}, tdb.db, log);
    await tdb.db.execute(sql`ALTER TABLE mail_outbox RENAME TO mail_outbox_away`);
    await d.start();
    await waitFor(() => expect(logs.some((l) => l.msg === 'mail dispatcher failed; trying again on the next poll')).toBe(true));
    await tdb.db.execute(sql`ALTER TABLE mail_outbox_away RENAME TO mail_outbox`);
    await enqueueMail(tdb.db, 'later@example.jp', verifyMail('tok-later'));
    await waitFor(() => expect(smtp!.received).toHaveLength(1));
  });
});

describe('mail dispatcher without SMTP_URL (dev mailbox)', () => {
  it('marks the mail delivered and logs recipient and subject, the link only at debug level', async () => {
    await enqueueMail(tdb.db, 'dev@example.jp', verifyMail('secret-token-42'));
    const { log, logs } = captureLogger();
    await dispatcher({}, {}, tdb.db, log).start();

    await waitFor(async () => expect((await rows())[0]).toMatchObject({ status: 'SENT', attempts: 1 }));
    const delivered = logs.find((l) => l.msg === 'mail delivered to the dev mailbox (/dev/mailbox)');
    expect(delivered).toMatchObject({ level: 30, to: 'dev@example.jp', subject: '【物流マーケット】メールアドレスの確認' });
    const infoAndAbove = logs.filter((l) => (l.level as number) >= 30);
    expect(JSON.stringify(infoAndAbove)).not.toContain('secret-token-42');
    const debug = logs.find((l) => l.msg === 'dev mailbox mail links');
    expect(debug).toMatchObject({ level: 20, links: [`${APP_URL}/sign-up/verify-email?token=secret-token-42`] });
  });
});
