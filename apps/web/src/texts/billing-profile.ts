/** Words of the billing profile on my-page: the carrier's 振込先 and the shipper's payment terms (decision 097). */

export const BANK_ACCOUNT_TEXT = {
  title: '振込先',
  description:
    '荷主へ発行する請求書に記載する口座です。荷主に表示されるのは請求書の中だけで、プロフィールなどから見られることはありません。',
  bankName: '銀行名',
  branchName: '支店名',
  accountType: '預金種目',
  accountNumber: '口座番号',
  accountNumberHint: '7桁の数字（例: 0123456）',
  accountHolder: '口座名義（カナ）',
  accountHolderHint: '通帳に記載のとおり全角カタカナで（例: カ）ヤマダウンユ）',
  notEntered: '振込先はまだ登録されていません。',
  submit: '振込先を保存する',
} as const;

export const PAYMENT_TERMS_TEXT = {
  title: '支払条件（締め日・支払日）',
  description:
    '運送会社からの月次請求書に用いる締め日と支払日です。支払期日は役務の提供日（運送の完了日）から60日以内でなければならないため（取適法）、条件の日付が61日目以降になる場合は60日目を支払期日とします。',
  current: '現在の支払条件',
  isDefault: '（初期設定）',
  closingDay: '締め日',
  payMonth: '支払月',
  payDay: '支払日',
  monthEnd: '月末',
  submit: '支払条件を保存する',
} as const;
