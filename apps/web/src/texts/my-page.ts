/** Words of the my-page area: profile, e-mail, password. */

/** The my-page area: profile, e-mail, password. */
export const MY_PAGE_TEXT = {
  title: 'マイページ',
  description: 'アカウント情報の確認と変更ができます。',
  accountHeading: 'アカウント情報',
  role: 'ログイン中の立場',
  links: {
    places: '住所録（よく使う集荷先・配送先）',
    profile: 'プロフィールを編集',
    updateEmail: 'メールアドレスを変更',
    updatePassword: 'パスワードを変更',
    creditCard: 'お支払い情報',
    invoices: '請求書一覧',
  },
  profile: {
    title: 'プロフィールの編集',
    companyHeading: '会社情報',
    companyOwnerNote: '会社情報はドライバー管理者のみ変更できます。',
    submit: '保存する',
  },
  updateEmail: {
    title: 'メールアドレスの変更',
    current: '現在のメールアドレス',
    newEmail: '新しいメールアドレス',
    description: '新しいメールアドレスに確認用のリンクを送信します。リンクを開くと変更が確定します。',
    submit: '確認メールを送信',
  },
  updatePassword: {
    title: 'パスワードの変更',
    submit: '変更する',
  },
  backToMyPage: 'マイページへ戻る',
} as const;
