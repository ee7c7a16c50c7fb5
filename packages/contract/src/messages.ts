/**
 * Every Japanese user-facing message of the product, in one place.
 * The server answers errors with ERROR_MESSAGES[code]; the web shows the same
 * strings in toasts and under fields. Messages quoted by the spec are kept word for word.
 */

/** Stable machine codes of every error the API answers, with their Japanese message. */
export const ERROR_MESSAGES = {
  // generic
  VALIDATION_FAILED: '入力内容に誤りがあります。',
  INVALID_JSON: 'リクエストの形式が正しくありません。',
  PAYLOAD_TOO_LARGE: 'リクエストのサイズが大きすぎます。',
  UNSUPPORTED_MEDIA_TYPE: 'サポートされていない形式のリクエストです。',
  NOT_FOUND: 'お探しのページが見つかりませんでした。',
  ROUTE_NOT_FOUND: '指定されたAPIは存在しません。',
  METHOD_NOT_ALLOWED: 'この操作は許可されていません。',
  INTERNAL_ERROR: 'エラーが発生しました',
  SERVICE_UNAVAILABLE: 'ただいまサービスを利用できません。しばらくしてから再度お試しください。',
  RATE_LIMITED: 'リクエストが多すぎます。しばらくしてから再度お試しください。',
  CSRF_INVALID: 'セキュリティトークンが無効です。ページを再読み込みしてから再度お試しください。',
  // authentication
  UNAUTHENTICATED: 'ログインが必要です。',
  ACCESS_TOKEN_INVALID: '認証情報が無効です。再度ログインしてください。',
  ACCESS_TOKEN_EXPIRED: '認証の有効期限が切れました。',
  REFRESH_TOKEN_INVALID: 'ログインの有効期限が切れました。再度ログインしてください。',
  INVALID_CREDENTIALS: 'メールアドレスまたはパスワードが正しくありません。',
  ACCOUNT_SUSPENDED: 'このアカウントは利用停止中です。運営までお問い合わせください。',
  ROLE_NOT_ALLOWED: 'この操作を行う権限がありません。',
  ADMIN_REQUIRED: 'アクセスが拒否されました。管理者権限が必要です。',
  // accounts and registration
  USER_NOT_FOUND: 'ユーザーが見つかりませんでした。',
  EMAIL_ALREADY_REGISTERED: 'このメールアドレスは既に登録されています。',
  EMAIL_ALREADY_VERIFIED: 'このメールアドレスは既に認証済みです。',
  EMAIL_MISMATCH: 'メールアドレスが認証されたメールアドレスと一致しません。',
  EMAIL_SAME_AS_CURRENT: '現在のメールアドレスと同じです。',
  VERIFICATION_TOKEN_INVALID: '認証リンクが無効です。',
  VERIFICATION_TOKEN_EXPIRED: '認証リンクの有効期限が切れているか、既に使用されています。',
  RESET_TOKEN_FORMAT_INVALID: 'パスワード再設定リンクの形式が正しくありません。',
  RESET_TOKEN_INVALID: 'パスワード再設定リンクが無効か、有効期限が切れています。',
  INVITE_TOKEN_INVALID: '招待リンクが無効か、既にドライバーとして登録されています。',
  INVITE_TOKEN_USED: 'この招待リンクのメールアドレスは既に認証済みです。',
  ALREADY_A_DRIVER: 'このメールアドレスは既にドライバーとして登録されています。',
  RESEND_ALREADY_VERIFIED: 'このメールアドレスは既に認証済みです。',
  INVITEE_HAS_ACCOUNT: 'このメールアドレスは既に別の種別で登録されているため、ドライバーとして招待できません。',
  PASSWORD_MISMATCH: 'パスワードが一致しません。',
  CURRENT_PASSWORD_INCORRECT: '現在のパスワードが正しくありません。',
  EXISTING_PASSWORD_REQUIRED: '登録済みのアカウントのパスワードを入力してください。',
  ROLE_NOT_REGISTERED: 'このメールアドレスは指定された種別で登録されていません。',
  COMPANY_OWNER_ONLY: '会社情報を変更する権限がありません。',
  PARENT_SUSPENDED: '所属するドライバー管理者のアカウントが停止中のため、有効にできません。',
  // locations
  POSTAL_CODE_INVALID: '郵便番号の形式が正しくありません。',
  POSTAL_CODE_NOT_FOUND: '郵便番号が見つかりませんでした。',
} as const;
export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** Messages of form fields (zod issues are translated to these). */
export const FIELD_MESSAGES = {
  required: '必須項目です。',
  invalidType: '入力形式が正しくありません。',
  tooLong: (max: number) => `${max}文字以内で入力してください。`,
  tooShort: (min: number) => `${min}文字以上で入力してください。`,
  tooSmall: (min: number) => `${min}以上の値を入力してください。`,
  tooBig: (max: number) => `${max}以下の値を入力してください。`,
  invalidOption: '選択肢から選んでください。',
  email: '有効なメールアドレスを入力してください',
  password: 'パスワードは8文字以上で、大文字・小文字・数字・記号（!@#$%^&*()_-+=<>?）をそれぞれ1文字以上含めてください。',
  passwordMismatch: 'パスワードが一致しません。',
  katakana: '全角カタカナで入力してください。',
  invoiceNumber: '登録番号は「T」に続けて13桁の数字で入力してください。',
  phone: '電話番号は0から始まる10〜12桁の数字で入力してください（ハイフンなし）。',
  postalCode: '郵便番号の形式が正しくありません。',
  time: '時刻はHH:MMの形式で入力してください。',
  timeRange: '時間帯はHH:MM-HH:MMの形式で入力してください。',
  licenseNumber: '許可番号の形式が正しくありません。',
  dateRange: '期間の形式が正しくありません。',
  uuid: 'IDの形式が正しくありません。',
  token: 'トークンの形式が正しくありません。',
  url: 'URLの形式が正しくありません。',
  integer: '整数で入力してください。',
  companyOwnerOnly: '会社情報はドライバー管理者のみ変更できます。',
} as const;

/** Client-side messages the spec quotes (§5, §8). */
export const CLIENT_MESSAGES = {
  genericError: 'エラーが発生しました',
  sessionExpired: 'エラーが発生しました。もう一度ログインしてください。',
  postalCodeInvalid: '郵便番号の形式が正しくありません。',
  postalCodeNotFound: '郵便番号が見つかりませんでした。',
  postalCodeFetchFailed: '郵便番号の取得に失敗しました。',
  tooManyFiles: (n: number) => `ファイルは最大${n}個までアップロード可能です。`,
  uploadFailed: 'ファイルのアップロードに失敗しました',
  uploading: 'ファイルをアップロード中です。しばらくお待ちください。',
  deliveryDeleteFailed: '配送依頼の削除に失敗しました。時間をおいて再度お試しください',
} as const;

/** Success messages (spec §8), shown as toasts or returned in `message`. */
export const SUCCESS_MESSAGES = {
  deliveryDeleted: '配送依頼を削除しました',
  requestDeleted: '依頼を削除しました',
  statusUpdated: 'ステータスを更新しました',
  deliveryCancelled: '配送をキャンセルしました',
  completionApproved: '完了報告を承認しました',
  sentToShipper: '依頼を出荷人様へ送信しました。',
  registrationMailSent: '登録用メールを送信しました',
  loggedOut: 'ログアウトしました。',
  deleted: '正常に削除されました。',
  uploadSucceeded: 'ファイルのアップロードに成功しました',
  // accounts (ours: the spec shows no wording for these)
  emailVerified: 'メールアドレスを確認しました。',
  customerRegistered: '荷主アカウントの登録が完了しました。',
  driverManagerRegistered: 'ドライバー管理者アカウントを登録しました。お支払い情報を登録してください。',
  driverRegistered: 'ドライバーアカウントの登録が完了しました。',
  driverInvited: '招待メールを送信しました。',
  passwordChanged: 'パスワードを変更しました。',
  passwordResetMailSent: 'パスワード再設定用のメールを送信しました。',
  passwordReset: 'パスワードを再設定しました。新しいパスワードでログインしてください。',
  emailUpdateMailSent: '確認用メールを新しいメールアドレスに送信しました。',
  emailUpdated: 'メールアドレスを変更しました。',
  profileUpdated: 'プロフィールを更新しました。',
  accountSuspended: 'アカウントを停止しました。',
  accountActivated: 'アカウントを有効にしました。',
} as const;
