/** Words of the sign-up area, the registration forms and the started guide. */

/** Labels of the person and company fields of registration and profile forms. */
export const PROFILE_FIELD_TEXT = {
  lastName: '姓',
  firstName: '名',
  lastNameKana: '姓（カナ）',
  firstNameKana: '名（カナ）',
  displayName: '表示名',
  phone: '電話番号',
  phoneHint: 'ハイフンなしで入力してください（例: 0312345678）',
  companyName: '会社名',
  companyNameKana: '会社名（カナ）',
  postalCode: '郵便番号',
  prefecture: '都道府県',
  city: '市区町村',
  town: '町域',
  block: '番地',
  building: '建物名・部屋番号',
  website: 'ウェブサイト',
  invoiceRegistrationNumber: 'インボイス登録番号',
  invoiceRegistrationNumberHint: '「T」に続けて13桁（法人は法人番号）。会社名が法人の場合は法人番号の検査用数字も確認します。',
  generalFreightLicenseNumber: '一般貨物自動車運送事業許可番号',
  lightFreightLicenseNumber: '貨物軽自動車運送事業届出番号',
  note: '備考',
} as const;

/** The sign-up area: e-mail, verification, role choice, registrations, succeed pages. */
export const SIGN_UP_TEXT = {
  start: {
    title: '新規会員登録',
    description: 'メールアドレスを入力してください。登録用のリンクをお送りします。',
    submit: '登録用メールを送信',
    haveAccount: 'アカウントをお持ちの方',
  },
  emailSent: {
    title: '登録用メールを送信しました',
    description: (email: string) => `${email} 宛に登録用のリンクを送信しました。メールのリンクを開いて登録を続けてください。`,
    descriptionNoEmail: 'メールのリンクを開いて登録を続けてください。',
    notReceived: 'メールが届かない場合は、迷惑メールフォルダをご確認のうえ、再送してください。',
    resend: 'メールを再送する',
  },
  verify: {
    title: 'メールアドレスの確認',
    checking: 'リンクを確認しています…',
    failedTitle: 'リンクを確認できませんでした',
    failedDescription: 'お手数ですが、もう一度最初から登録してください。',
    restart: '最初から登録する',
    rolesHeading: '登録状況',
    registered: '登録済み',
    notRegistered: '未登録',
    next: '登録を続ける',
    allRegistered: 'このメールアドレスは登録可能なすべての立場で登録済みです。',
  },
  role: {
    title: '登録する立場を選択',
    description: 'ご利用になる立場を選んでください。',
    customer: '荷主として登録',
    customerDescription: '配送や倉庫の依頼を出して、ドライバーを探します。',
    driverManager: 'ドライバー管理者として登録',
    driverManagerDescription: 'ドライバーを管理し、案件に応募します（有料）。',
    alreadyRegistered: '登録済み',
    missingToken: '登録用リンクが見つかりません。メールのリンクからもう一度開いてください。',
  },
  customer: {
    title: '荷主登録',
    description: '会社とご担当者の情報を入力してください。',
    personHeading: 'ご担当者',
    companyHeading: '会社情報',
    accountHeading: 'ログイン情報',
    submit: '登録する',
  },
  driverManager: {
    title: 'ドライバー管理者登録',
    description: '会社とご担当者の情報を入力してください。',
    submit: '登録する',
  },
  driver: {
    title: 'ドライバー登録',
    description: '招待メールのリンクから登録を完了してください。',
    submit: '登録する',
    missingToken: '招待リンクが見つかりません。招待メールのリンクからもう一度開いてください。',
  },
  succeed: {
    customerTitle: '荷主登録が完了しました',
    driverTitle: 'ドライバー登録が完了しました',
    signInDescription: '登録したメールアドレスとパスワードでログインしてください。',
    toSignIn: 'ログインする',
    toGuide: 'ご利用ガイドを見る',
    toPayment: 'お支払い情報を登録する',
  },
} as const;

/** The started guide: a short introduction per role. */
export const GUIDE_TEXT = {
  title: 'ご利用ガイド',
  description: '物流マーケットは、荷主と運送会社・ドライバーをつなぐ配送・倉庫のマッチングサービスです。',
  sections: [
    {
      role: 'CUSTOMER',
      title: '荷主の方',
      steps: [
        '新規登録からメールアドレスを確認し、荷主として登録します。',
        '配送依頼または倉庫依頼を作成します。',
        '応募したドライバーの見積もりを比べて承認します。',
        'トークルームでやり取りし、完了報告を確認して承認します。',
      ],
    },
    {
      role: 'DRIVER_MANAGER',
      title: 'ドライバー管理者の方',
      steps: [
        '新規登録からドライバー管理者として登録し、お支払い情報を登録します。',
        'ドライバー管理からドライバーを招待します。',
        '案件を探して見積もりを提示し、応募します。',
        '承認された案件を運び、完了報告を送ります。',
      ],
    },
    {
      role: 'DRIVER',
      title: 'ドライバーの方',
      steps: [
        'ドライバー管理者から届く招待メールのリンクから登録します。',
        '案件を探して応募します。',
        '集荷・配達を行い、受領書や写真を添えて完了報告を送ります。',
      ],
    },
  ],
  signUp: '新規登録する',
  signIn: 'ログインする',
} as const;
