/**
 * Words of the CSV import of delivery requests (/shipping-requests/import; issue 49, decision 106):
 * the page, the template's columns and every row error. Ours: the spec shows no wording.
 */
export const DELIVERY_IMPORT_TEXT = {
  title: '配送依頼のCSV一括登録',
  openLink: 'CSVで一括登録',
  description:
    'テンプレートに1行1件で入力したCSVファイルを読み込み、内容を確認してからまとめて登録します。すべての行にエラーがないときだけ登録でき、途中で失敗した場合は1件も登録されません。',
  templateHeading: 'テンプレート',
  templateHint:
    'Excelで開く場合はShift_JIS版をお使いください。日時は日本時間で「2026/12/01 09:00」の形式です。経由地は登録できません（経由地のある依頼は作成画面から登録してください）。',
  templateSjis: 'テンプレート（Shift_JIS・Excel向け）',
  templateUtf8: 'テンプレート（UTF-8 BOM付き）',
  fileHeading: 'ファイルを選ぶ',
  file: 'CSVファイル',
  encoding: '文字コード',
  encodings: { auto: '自動判定', 'utf-8': 'UTF-8', shift_jis: 'Shift_JIS' },
  detected: (encoding: string) => `文字コード: ${encoding}`,
  summaryOk: (n: number) => `${n}件すべて登録できます。`,
  summaryErrors: (rows: number, total: number) =>
    `${total}件中${rows}件にエラーがあります。修正したファイルを選び直してください。`,
  errorsHeading: 'エラー',
  errorColumns: { row: '行', column: '列', message: '内容' },
  previewHeading: '登録内容の確認',
  previewColumns: { row: '行', baggage: '荷物名', pickup: '集荷先', delivery: '配達先', pickupAt: '集荷日時', price: '金額' },
  estimation: '見積もり',
  previewMore: (n: number) => `ほか${n}件`,
  submit: (n: number) => `${n}件を登録する`,
  posting: (n: number) => `${n}件を登録しています…`,
  progress: '登録の進み具合',
  wholeRow: '（行全体）',
  errors: {
    empty: 'データ行がありません。2行目から1行1件で入力してください。',
    tooMany: (max: number, n: number) =>
      `一度に登録できるのは${max}件までです（このファイルは${n}件）。ファイルを分けてください。`,
    missingColumn: (column: string) =>
      `必須の列「${column}」が1行目（見出し）にありません。テンプレートの見出しをそのままお使いください。`,
    unknownColumn: (column: string) => `列「${column}」はテンプレートにない列です。見出しを確認してください。`,
    malformed: '引用符（"）の対応が正しくありません。',
    formula:
      "「=」「+」「-」「@」で始まる値は数式とみなされるため取り込みません。文字として入力する場合は先頭に「'」を付けてください。",
    number: '数値で入力してください。',
    datetime: '日時は「2026/12/01 09:00」の形式（日本時間）で入力してください。',
    option: (choices: string) => `次のいずれかを入力してください：${choices}`,
    unreadable: 'ファイルを読み込めませんでした。CSV形式で保存したファイルを選んでください。',
  },
} as const;
