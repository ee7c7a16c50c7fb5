/** Words of the admin's second-factor panel in /dashboard/settings (decision 053). */
export const TOTP_SETTINGS_TEXT = {
  title: '二段階認証',
  enabledState: '有効',
  disabledState: '無効',
  stateLabel: '状態',
  enabledSince: (at: string) => `${at} に有効化`,
  recoveryRemaining: (n: number) => `未使用のリカバリーコード：${n}個`,
  intro:
    'ログイン時に、パスワードに加えて認証アプリ（Google Authenticator、Microsoft Authenticator など）の確認コードを求めます。',
  start: '二段階認証を設定する',
  scan: '認証アプリで次のQRコードを読み取ってください。',
  qrAlt: '認証アプリに登録するQRコード',
  manualEntry: 'QRコードを読み取れない場合は、次のキーを手動で入力してください。',
  secretLabel: 'セットアップキー',
  confirmCode: '確認コード（6桁）',
  confirm: '確認して有効にする',
  cancel: 'やめる',
  recoveryTitle: 'リカバリーコード',
  recoveryNote:
    '認証アプリを使えなくなったときに、確認コードの代わりに1回ずつ使えます。この画面を閉じると二度と表示されません。安全な場所に保管してください。',
  recoveryListLabel: 'リカバリーコードの一覧',
  recoveryDone: '保管しました',
  disableTitle: '二段階認証を無効にする',
  disableNote: '無効にするには、パスワードと認証アプリの現在の確認コードを入力してください。',
  password: 'パスワード',
  disable: '無効にする',
} as const;
