/**
 * Japanese e-mail templates. Each returns subject, text and html; links open
 * the web routes of spec §2. Pure functions: no I/O.
 */
export interface MailContent {
  template: string;
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The http(s) links of a mail's text part, in order. */
export const LINK_PATTERN = /https?:\/\/[^\s<>"']+/g;
export const mailLinks = (text: string): string[] => text.match(LINK_PATTERN) ?? [];

function linkMail(
  template: string,
  subject: string,
  lines: string[],
  link: { label: string; url: string },
  footer: string,
): MailContent {
  const text = [...lines, '', `${link.label}:`, link.url, '', footer, '', '※ このメールは送信専用です。'].join('\n');
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`,
    `<p style="color:#666">${escapeHtml(footer)}</p>`,
    '<p style="color:#666">※ このメールは送信専用です。</p>',
  ].join('\n');
  return { template, subject, text, html };
}

const withQuery = (base: string, path: string, query: Record<string, string>) =>
  `${base}${path}?${new URLSearchParams(query).toString()}`;

export const mailTemplates = {
  verifyEmail: (appUrl: string, token: string) =>
    linkMail(
      'verify-email',
      '【物流マーケット】メールアドレスの確認',
      ['物流マーケットへのご登録ありがとうございます。', '下記のリンクからメールアドレスを確認し、会員登録を続けてください。'],
      { label: 'メールアドレスを確認する', url: withQuery(appUrl, '/sign-up/verify-email', { token }) },
      'リンクの有効期限は24時間です。お心当たりのない場合は、このメールを破棄してください。',
    ),
  resetPassword: (appUrl: string, token: string, role: string) =>
    linkMail(
      'reset-password',
      '【物流マーケット】パスワード再設定のご案内',
      ['パスワード再設定のリクエストを受け付けました。', '下記のリンクから新しいパスワードを設定してください。'],
      { label: 'パスワードを再設定する', url: withQuery(appUrl, '/forgot-password/reset-password', { token, role }) },
      'リンクの有効期限は1時間です。お心当たりのない場合は、このメールを破棄してください。',
    ),
  verifyEmailUpdate: (appUrl: string, token: string) =>
    linkMail(
      'verify-email-update',
      '【物流マーケット】メールアドレス変更の確認',
      ['メールアドレス変更のリクエストを受け付けました。', '下記のリンクから変更を確定してください。'],
      { label: 'メールアドレスの変更を確定する', url: withQuery(appUrl, '/verify-email-update', { token }) },
      'リンクの有効期限は24時間です。お心当たりのない場合は、このメールを破棄してください。',
    ),
  driverInvite: (appUrl: string, token: string, companyName: string) =>
    linkMail(
      'driver-invite',
      `【物流マーケット】${companyName}からドライバー登録のご招待`,
      [
        `${companyName}から、物流マーケットのドライバーアカウントへの招待が届きました。`,
        '下記のリンクからアカウントを登録してください。',
      ],
      { label: 'ドライバーとして登録する', url: withQuery(appUrl, '/sign-up/driver', { token }) },
      '招待リンクの有効期限は7日間です。お心当たりのない場合は、このメールを破棄してください。',
    ),
  paymentUpdate: (appUrl: string, token: string) =>
    linkMail(
      'payment-update',
      '【物流マーケット】お支払いカードの変更',
      ['お支払いカードの変更のリクエストを受け付けました。', '下記のリンクから新しいカードを登録してください。'],
      { label: 'カードを変更する', url: withQuery(appUrl, '/payments/verify', { token }) },
      'リンクの有効期限は24時間です。お心当たりのない場合は、このメールを破棄してください。',
    ),
  /** A month of the plan paid: its 適格請求書 and 領収書 wait on the credit-card page (decision 098). */
  paymentReceived: (appUrl: string, amount: string, period: string) =>
    linkMail(
      'payment-received',
      '【物流マーケット】月額利用料のお支払いを受け付けました',
      [
        '月額利用料のお支払いを受け付けました。',
        `お支払い金額（税込）: ${amount}`,
        `対象期間: ${period}`,
        '適格請求書と領収書（PDF）は、マイページの「お支払い情報」からダウンロードできます。',
      ],
      { label: '請求書・領収書を確認する', url: `${appUrl}/my-page/credit-card` },
      'このメールはお支払いの控えです。',
    ),
  /** An important notification (approval, result, cancellation, payment failure), as also shown in the app. */
  notification: (appUrl: string, type: string, title: string, message: string, link: string) =>
    linkMail(
      `notification-${type.toLowerCase().replace(/_/g, '-')}`,
      `【物流マーケット】${title}`,
      [message],
      { label: '物流マーケットで確認する', url: `${appUrl}${link}` },
      'このメールは物流マーケットからの通知です。通知の内容はアプリの通知一覧でもご確認いただけます。',
    ),
} as const;
