/** The dev mailbox pages as a developer's browser and the e2e tests see them. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRODUCTION_ISSUER_ENV, createTestApp, type TestApp } from '../../../test/helpers';
import { enqueueMail } from './outbox';
import { mailTemplates } from './templates';

interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  status: string;
  text: string;
  links: string[];
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.app.deps.db;
  await enqueueMail(db, 'hanako@example.jp', mailTemplates.verifyEmail(t.config.appUrl, 'tok-hanako'));
  await enqueueMail(db, 'taro@example.jp', mailTemplates.resetPassword(t.config.appUrl, 'tok-taro', 'CUSTOMER'));
  await enqueueMail(db, 'evil@example.jp', {
    template: 'verify-email',
    subject: '<script>alert(1)</script> & "件名"',
    text: 'こんにちは <b>太字</b>\nhttp://app.test/sign-up/verify-email?token=a&b=<c>\nおわり',
    html: '<p>x</p>',
  });
  t.app.deps.mailWritten();
});
afterAll(() => t.close());

const mailbox = async (query = '') => {
  const res = await t.call('GET', `/dev/mailbox.json${query}`);
  expect(res.statusCode).toBe(200);
  return (res.json() as { data: MailboxEntry[] }).data;
};
/** Waits for the dispatcher to have delivered every mail into the mailbox. */
const delivered = () =>
  vi.waitFor(async () => expect((await mailbox()).every((m) => m.status === 'SENT')).toBe(true), {
    timeout: 10_000,
    interval: 20,
  });

describe('GET /dev/mailbox.json', () => {
  it('lists the newest mails first with their links', async () => {
    await delivered();
    const mails = await mailbox();
    expect(mails.map((m) => m.to)).toEqual(['evil@example.jp', 'taro@example.jp', 'hanako@example.jp']);
    expect(mails[2]).toMatchObject({
      subject: '【物流マーケット】メールアドレスの確認',
      status: 'SENT',
      links: ['http://app.test/sign-up/verify-email?token=tok-hanako'],
    });
  });

  it('filters by recipient, whatever the case of the address', async () => {
    const mails = await mailbox('?to=TARO@Example.jp');
    expect(mails.map((m) => [m.to, m.links])).toEqual([
      ['taro@example.jp', ['http://app.test/forgot-password/reset-password?token=tok-taro&role=CUSTOMER']],
    ]);
    expect(await mailbox('?to=nobody@example.jp')).toEqual([]);
  });

  it('honours limit and refuses a bad one with 400', async () => {
    expect(await mailbox('?limit=1')).toHaveLength(1);
    const res = await t.call('GET', '/dev/mailbox.json?limit=0');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('GET /dev/mailbox', () => {
  it('renders the list in Japanese: recipient, subject, time, status, each linking to its page', async () => {
    await delivered();
    const [hanako] = await mailbox('?to=hanako@example.jp');
    const res = await t.call('GET', '/dev/mailbox');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html; charset=utf-8/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<html lang="ja">');
    expect(res.body).toContain('開発用メールボックス');
    for (const heading of ['宛先', '件名', '作成日時', '状態']) expect(res.body).toContain(`<th>${heading}</th>`);
    expect(res.body).toContain('hanako@example.jp');
    expect(res.body).toContain(`<a href="/dev/mailbox/${hanako!.id}">【物流マーケット】メールアドレスの確認</a>`);
    expect(res.body).toContain('送信済み');
    expect(res.body).toMatch(/\d{4}\/\d{2}\/\d{2} \d{1,2}:\d{2}:\d{2}/);
  });

  it('filters by ?to= and keeps the filter in the form', async () => {
    const res = await t.call('GET', '/dev/mailbox?to=taro@example.jp');
    expect(res.body).toContain('taro@example.jp');
    expect(res.body).not.toContain('hanako@example.jp');
    expect(res.body).toContain('value="taro@example.jp"');
    expect(res.body).toContain('<a href="/dev/mailbox">すべて表示</a>');
    const empty = await t.call('GET', '/dev/mailbox?to=nobody@example.jp');
    expect(empty.body).toContain('メールはまだありません。');
  });

  it('escapes what the mails contain and carries no script, under the CSP', async () => {
    const res = await t.call('GET', '/dev/mailbox');
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;件名&quot;');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.body).not.toMatch(/\son\w+=/i);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });
});

describe('GET /dev/mailbox/:id', () => {
  it('shows the body with clickable links', async () => {
    await delivered();
    const [hanako] = await mailbox('?to=hanako@example.jp');
    const res = await t.call('GET', `/dev/mailbox/${hanako!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<h1>【物流マーケット】メールアドレスの確認</h1>');
    expect(res.body).toContain('物流マーケットへのご登録ありがとうございます。');
    expect(res.body).toContain(
      '<a href="http://app.test/sign-up/verify-email?token=tok-hanako" rel="noreferrer">http://app.test/sign-up/verify-email?token=tok-hanako</a>',
    );
    expect(res.body).toContain('<a href="/dev/mailbox">一覧に戻る</a>');
  });

  it('escapes the subject, the text and the links of a mail', async () => {
    const [evil] = await mailbox('?to=evil@example.jp');
    const res = await t.call('GET', `/dev/mailbox/${evil!.id}`);
    expect(res.body).not.toMatch(/<script|<b>|<c>/i);
    expect(res.body).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;件名&quot;</h1>');
    expect(res.body).toContain('こんにちは &lt;b&gt;太字&lt;/b&gt;');
    expect(res.body).toContain(
      '<a href="http://app.test/sign-up/verify-email?token=a&amp;b=" rel="noreferrer">http://app.test/sign-up/verify-email?token=a&amp;b=</a>&lt;c&gt;',
    );
  });

  it('answers 404 for an unknown or malformed id', async () => {
    for (const id of ['0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', 'not-an-id']) {
      const res = await t.call('GET', `/dev/mailbox/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('メールが見つかりません');
    }
  });
});

describe('in production', () => {
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
      ...PRODUCTION_ISSUER_ENV,
      WEB_DIST_DIR: mkdtempSync(path.join(tmpdir(), 'logi-no-web-')),
    });
  });
  afterAll(() => prod.close());

  it('is not there: every mailbox path is a 404', async () => {
    await enqueueMail(prod.app.deps.db, 'hanako@example.jp', mailTemplates.verifyEmail(prod.config.appUrl, 'tok-prod'));
    const [row] = await prod.app.deps.db.query.mailOutbox.findMany({ limit: 1 });
    for (const url of ['/dev/mailbox', '/dev/mailbox.json', `/dev/mailbox/${row!.id}`, '/dev/mailbox?to=hanako@example.jp']) {
      const res = await prod.call('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'ROUTE_NOT_FOUND' });
      expect(res.body).not.toContain('tok-prod');
    }
  });

  it('is announced by /healthz only outside production, for the home page to link it', async () => {
    expect((await prod.call('GET', '/healthz')).json()).toEqual({ status: 'ok', devMailbox: false });
    expect((await t.call('GET', '/healthz')).json()).toEqual({ status: 'ok', devMailbox: true });
  });
});
