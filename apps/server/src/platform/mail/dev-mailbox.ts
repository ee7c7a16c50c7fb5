/**
 * The dev mailbox: the outbox as a developer (or a test) reads it, outside
 * production only (buildApp never registers it there).
 *   GET /dev/mailbox[?to=]     the newest mails, server-rendered HTML
 *   GET /dev/mailbox/:id       one mail with its text and clickable links
 *   GET /dev/mailbox.json[?to=&limit=]  the same as JSON, for tests and e2e
 * Plain HTML without script, every value escaped, so the CSP of spec §9 holds.
 * The strings are for developers and never reach the product UI, so they live
 * here rather than in the contract's catalogue.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/database';
import { findMail, listMail, type OutboxMail } from './outbox';
import { escapeHtml, LINK_PATTERN, mailLinks } from './templates';

const ZMailboxQuery = z.object({
  to: z.string().trim().toLowerCase().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const STATUS_LABELS: Record<OutboxMail['status'], string> = { PENDING: '送信待ち', SENT: '送信済み', FAILED: '送信失敗' };

const dateTime = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', dateStyle: 'medium', timeStyle: 'medium' });
const formatTime = (d: Date | null) => (d ? dateTime.format(d) : '—');

/** Markup that is already safe; everything else interpolated into `html` is escaped. */
class Html {
  constructor(readonly value: string) {}
}
const render = (v: unknown): string =>
  v instanceof Html ? v.value : Array.isArray(v) ? v.map(render).join('') : v == null ? '' : escapeHtml(String(v));
function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  return new Html(strings.reduce((out, s, i) => out + s + (i < values.length ? render(values[i]) : ''), ''));
}

/** The mail's text with its http(s) links made clickable. */
function linkify(text: string): Html {
  const parts: unknown[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK_PATTERN)) {
    parts.push(text.slice(last, m.index), html`<a href="${m[0]}" rel="noreferrer">${m[0]}</a>`);
    last = m.index + m[0].length;
  }
  parts.push(text.slice(last));
  return html`${parts}`;
}

const STYLE = `
body { font-family: system-ui, sans-serif; margin: 2rem; color: #1f2937; }
table { border-collapse: collapse; width: 100%; }
th, td { border-bottom: 1px solid #e5e7eb; padding: .5rem; text-align: left; vertical-align: top; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
dt { color: #6b7280; }
.body { white-space: pre-wrap; border: 1px solid #e5e7eb; padding: 1rem; border-radius: .5rem; }
.status-FAILED { color: #b91c1c; } .status-PENDING { color: #92400e; }
`;

function page(title: string, body: Html): string {
  return html`<!doctype html>
    <html lang="ja">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} | 開発用メールボックス</title>
        <style>
          ${new Html(STYLE)}
        </style>
      </head>
      <body>
        <main>${body}</main>
      </body>
    </html> `.value;
}

const status = (mail: OutboxMail) => html`<span class="status-${mail.status}">${STATUS_LABELS[mail.status]}</span>`;

function listPage(mails: OutboxMail[], to: string | undefined): string {
  const rows = mails.map(
    (m) =>
      html`<tr>
        <td>${m.to}</td>
        <td><a href="/dev/mailbox/${m.id}">${m.subject}</a></td>
        <td>${formatTime(m.createdAt)}</td>
        <td>${status(m)}</td>
      </tr>`,
  );
  return page(
    '受信メール一覧',
    html`<h1>開発用メールボックス</h1>
      <p>送信されたメールの新しい順（開発環境のみ）。</p>
      <form method="get" action="/dev/mailbox">
        <label>宛先 <input type="email" name="to" value="${to ?? ''}" maxlength="254" /></label>
        <button type="submit">絞り込む</button>
        ${to ? html`<a href="/dev/mailbox">すべて表示</a>` : ''}
      </form>
      ${
        mails.length
          ? html`<table>
              <thead>
                <tr>
                  <th>宛先</th>
                  <th>件名</th>
                  <th>作成日時</th>
                  <th>状態</th>
                </tr>
              </thead>
              <tbody>
                ${rows}
              </tbody>
            </table>`
          : html`<p>メールはまだありません。</p>`
      }`,
  );
}

function detailPage(mail: OutboxMail): string {
  return page(
    mail.subject,
    html`<p><a href="/dev/mailbox">一覧に戻る</a></p>
      <h1>${mail.subject}</h1>
      <dl>
        <dt>宛先</dt>
        <dd>${mail.to}</dd>
        <dt>テンプレート</dt>
        <dd>${mail.template}</dd>
        <dt>状態</dt>
        <dd>${status(mail)}</dd>
        <dt>送信試行回数</dt>
        <dd>${mail.attempts}</dd>
        <dt>作成日時</dt>
        <dd>${formatTime(mail.createdAt)}</dd>
        <dt>送信日時</dt>
        <dd>${formatTime(mail.sentAt)}</dd>
        ${
          mail.lastError
            ? html`<dt>最後のエラー</dt>
                <dd>${mail.lastError}</dd>`
            : ''
        }
      </dl>
      <h2>本文</h2>
      <div class="body">${linkify(mail.text)}</div>`,
  );
}

const sendPage = (reply: FastifyReply, statusCode: number, body: string) =>
  // The links carry one-time tokens: never cache the pages.
  reply.status(statusCode).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(body);

export function registerDevMailbox(app: FastifyInstance, db: Database) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/dev/mailbox.json', { schema: { hide: true, querystring: ZMailboxQuery } }, async (request, reply) => {
    const { to, limit } = request.query;
    const mails = await listMail(db, { to: to || undefined, limit });
    reply.header('cache-control', 'no-store');
    return { data: mails.map((m) => ({ ...m, links: mailLinks(m.text) })) };
  });

  routes.get('/dev/mailbox', { schema: { hide: true, querystring: ZMailboxQuery } }, async (request, reply) => {
    const { to, limit } = request.query;
    const mails = await listMail(db, { to: to || undefined, limit });
    return sendPage(reply, 200, listPage(mails, to || undefined));
  });

  routes.get('/dev/mailbox/:id', { schema: { hide: true } }, async (request, reply) => {
    const { id } = request.params as { id: string };
    const mail = z.uuid().safeParse(id).success ? await findMail(db, id) : undefined;
    if (!mail) {
      return sendPage(
        reply,
        404,
        page(
          '見つかりません',
          html`<h1>メールが見つかりません</h1>
            <p><a href="/dev/mailbox">一覧に戻る</a></p>`,
        ),
      );
    }
    return sendPage(reply, 200, detailPage(mail));
  });
}
