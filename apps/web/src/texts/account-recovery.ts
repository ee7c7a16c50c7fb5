/** Words of the account-recovery pages: forgot and reset password, e-mail update, e-mail sent. */

/** Labels of the new-password fields (reset, registration, my page). */
export const PASSWORD_FIELD_TEXT = {
  confirmPassword: 'パスワード（確認）',
  currentPassword: '現在のパスワード',
  newPassword: '新しいパスワード',
  confirmNewPassword: '新しいパスワード（確認）',
  passwordHint: '8文字以上で、大文字・小文字・数字・記号をそれぞれ1文字以上含めてください。',
} as const;

export const FORGOT_PASSWORD_TEXT = {
  chooserTitle: 'パスワードの再設定',
  title: (role: string) => `${role}のパスワード再設定`,
  description: '登録したメールアドレスを入力してください。パスワード再設定用のリンクをお送りします。',
  submit: '再設定メールを送信',
  sentTitle: 'メールを送信しました',
  sentDescription: (email: string) =>
    `${email} 宛にパスワード再設定用のリンクを送信しました。メールのリンクから新しいパスワードを設定してください。`,
  backToSignIn: 'ログイン画面へ戻る',
} as const;

export const RESET_PASSWORD_TEXT = {
  title: '新しいパスワードの設定',
  description: '新しいパスワードを入力してください。',
  submit: 'パスワードを再設定',
  checking: 'リンクを確認しています…',
  invalidTitle: 'リンクが無効です',
  requestAgain: '再設定メールをもう一度送る',
} as const;

export const VERIFY_EMAIL_UPDATE_TEXT = {
  title: 'メールアドレスの変更',
  checking: 'メールアドレスの変更を確定しています…',
  doneDescription: '新しいメールアドレスでログインしてください。',
  failedTitle: 'メールアドレスを変更できませんでした',
  toSignIn: 'ログイン画面へ',
} as const;

export const EMAIL_SENT_TEXT = {
  title: 'メールを送信しました',
  description: 'メールに記載されたリンクから手続きを進めてください。',
} as const;
