/**
 * Every Japanese user-facing message of the product, in one place.
 * The server answers errors with ERROR_MESSAGES[code]; the web shows the same
 * strings in toasts and under fields. Messages quoted by the spec are kept word for word.
 */
import {
  type CustomTemperatureRange,
  type TColdChainRange,
  formatCelsius,
  hasCustomRange,
  temperatureLimitText,
} from './cold-chain';
import { TemperatureRange } from './enums/marketplace';
import { groupDigits } from './numbers';
import { requestReference } from './request-reference';
import { REQUEST_ITEM_TEXT } from './texts/request-items';

/** Stable machine codes of every error the API answers, with their Japanese message. */
export const ERROR_MESSAGES = {
  // generic
  VALIDATION_FAILED: '入力内容に誤りがあります。',
  INVALID_JSON: 'リクエストの形式が正しくありません。',
  INVALID_REQUEST: 'リクエストを解釈できませんでした。URLやヘッダーをご確認ください。',
  URI_TOO_LONG: 'URLが長すぎます。',
  HEADERS_TOO_LARGE: 'リクエストヘッダーが大きすぎます。',
  REQUEST_TIMEOUT: 'リクエストの受信がタイムアウトしました。再度お試しください。',
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
  LOGIN_LOCKED:
    'このメールアドレスでのログインに続けて失敗したため、一時的にログインを制限しています。しばらく時間をおいてから再度お試しいただくか、パスワードを再設定してください。',
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
  COMPANY_NOT_FOUND: '会社が見つかりませんでした。',
  PARENT_SUSPENDED: '所属するドライバー管理者のアカウントが停止中のため、有効にできません。',
  // locations
  POSTAL_CODE_INVALID: '郵便番号の形式が正しくありません。',
  POSTAL_CODE_NOT_FOUND: '郵便番号が見つかりませんでした。',
  // request items and their lifecycle
  REQUEST_ITEM_NOT_FOUND: '依頼が見つかりませんでした。',
  REQUEST_ACTION_FORBIDDEN: 'この依頼に対してこの操作を行う権限がありません。',
  REQUEST_TYPE_MISMATCH: 'この種類の依頼ではこの操作はできません。',
  REQUEST_STATUS_CONFLICT: 'この依頼の現在の状態では、この操作はできません。',
  CANDIDATE_ALREADY_APPROVED: 'この依頼には既に承認済みの応募者がいます。',
  MEETING_ALREADY_CONFIRMED: '打ち合わせ完了は既に登録されています。',
  REPORT_INCOMPLETE: '配送完了報告（受領書・受取人の署名・配送画像、冷蔵・冷凍は集荷時と配達時の温度）がそろっていません。',
  CANCEL_NOT_ALLOWED: '集荷作業の開始後はキャンセルできません。',
  SELECTION_CLOSED: '選考期限を過ぎたため、この依頼は締め切られました。',
  TRANSPORT_CONDITIONS_NOT_FOUND: '運送条件書はまだ発行されていません（応募者の承認時に発行されます）。',
  REPOST_NOT_ALLOWED: '選考期限で締め切られた依頼のみ、同じ内容で再掲載できます。',
  ALREADY_REPOSTED: 'この依頼はすでに再掲載されています。',
  REPOST_DATES_PASSED: '集荷日時を過ぎているため、同じ内容では再掲載できません。新しく依頼を作成してください。',
  DELIVERY_DELETE_NOT_ALLOWED: '承認済み以降の配送依頼は削除できません。',
  WAREHOUSE_DELETE_NOT_ALLOWED: 'マッチングが完了した倉庫依頼は削除できません。',
  // applying, candidates and talkrooms
  CANNOT_APPLY_OWN_REQUEST: 'ご自身の依頼には応募できません。',
  APPLICATION_CLOSED: 'この依頼の募集は終了しました。',
  BID_NOT_ALLOWED: 'この依頼は価格が決まっているため、見積もり価格は提示できません。',
  FIXED_PRICE_NOT_AVAILABLE: 'この依頼は見積もり依頼のため、価格を提示して応募してください。',
  CANDIDATE_NOT_FOUND: '応募者が見つかりませんでした。',
  CANDIDATE_NOT_APPLICABLE: 'この応募者はこの依頼の応募者ではありません。',
  CANDIDATE_COMPANY_UNAVAILABLE: '応募者の会社情報を取得できませんでした。',
  TALKROOM_NOT_FOUND: 'トークルームが見つかりませんでした。',
  TALKROOM_INACTIVE: 'このトークルームは終了しているため、メッセージを送信できません。',
  TALKROOM_NOT_APPROVED: '承認された応募者のトークルームではないため、この操作はできません。',
  // files
  FILE_NOT_FOUND: 'ファイルが見つかりませんでした。',
  FILE_NOT_UPLOADED: 'ファイルのアップロードが完了していません。',
  FILE_ALREADY_ATTACHED: 'このファイルは既に使用されています。',
  FILE_KIND_NOT_ALLOWED: 'この項目には添付できない種類のファイルです。',
  UPLOAD_POLICY_INVALID: 'アップロード用の署名が無効です。',
  UPLOAD_POLICY_EXPIRED: 'アップロードの有効期限が切れました。もう一度ファイルを選択してください。',
  UPLOAD_TYPE_MISMATCH: 'ファイルの形式が署名されたファイル形式と一致しません。',
  UPLOAD_TOO_LARGE: 'ファイルのサイズが上限を超えています。',
  UPLOAD_FILE_MISSING: 'アップロードするファイルがありません。',
  DOWNLOAD_LINK_INVALID: 'ダウンロードリンクが無効か、有効期限が切れています。',
  // a stored file's conditional and partial reads (decision 088)
  RANGE_NOT_SATISFIABLE: 'ファイルの指定された範囲を返せません。',
  PRECONDITION_FAILED: 'ファイルが更新されているため、条件付きの取得に応じられません。',
  // notifications
  NOTIFICATION_NOT_FOUND: '通知が見つかりませんでした。',
  SYSTEM_NOTIFICATION_NOT_FOUND: 'お知らせが見つかりませんでした。',
  CUSTOMER_NOT_FOUND: '荷主が見つかりませんでした。',
  DRIVER_NOT_FOUND: 'ドライバーが見つかりませんでした。',
  // saved places (住所録, decision 106)
  PLACE_NOT_FOUND: '登録地が見つかりませんでした。',
  // payments (card declines carry the card network's reason, in Japanese)
  PAYMENT_INTENT_INVALID: 'お支払い手続きのリンクが無効か、既にお支払いが完了しています。',
  PAYMENT_UPDATE_TOKEN_INVALID: 'カード変更用のリンクが無効か、有効期限が切れています。',
  SUBSCRIPTION_NOT_FOUND: 'ご契約中のプランが見つかりませんでした。',
  SUBSCRIPTION_DOCUMENT_NOT_FOUND: '請求書・領収書が見つかりませんでした。',
  SUBSCRIPTION_PAYMENT_REQUIRED:
    '月額利用料のお支払いが確認できないため、新しい案件には応募できません。ドライバー管理者がお支払い情報を更新してください。',
  COUPON_INVALID: 'クーポンコードが正しくありません。',
  COUPON_EXPIRED: 'このクーポンコードは有効期限が切れています。',
  CARD_DECLINED: 'カードが承認されませんでした。別のカードをお試しください。',
  CARD_INSUFFICIENT_FUNDS: 'カードの残高が不足しているため、お支払いできませんでした。',
  CARD_EXPIRED: 'カードの有効期限が切れています。',
  CARD_INCORRECT_CVC: 'セキュリティコードが正しくありません。',
  CARD_NUMBER_INVALID: 'カード番号が正しくありません。',
  CARD_PROCESSING_ERROR: 'カードの処理中にエラーが発生しました。しばらくしてから再度お試しください。',
  PAYMENT_PROVIDER_UNAVAILABLE: '決済サービスに接続できませんでした。しばらくしてから再度お試しください。',
  WEBHOOK_SIGNATURE_INVALID: '署名または内容が正しくありません。',
  WEBHOOK_EVENT_INVALID: 'Webhookイベントの形式が正しくありません。',
  SANDBOX_ONLY: 'この操作は開発環境のサンドボックス決済でのみ利用できます。',
  // carrier companies: drivers, invitations, who carries a job
  DRIVER_HAS_ACTIVE_JOBS:
    'このドライバーには承認済みまたは集荷作業中の案件があります。すべての案件の配送完了後に削除してください。',
  INVITEE_REMOVED: 'このメールアドレスのドライバーは削除済みのため、再度招待することはできません。',
  INVITATION_NOT_FOUND: '招待が見つかりませんでした。',
  ACCOUNT_REMOVED: 'このアカウントは所属会社により削除されています。',
  CANDIDATE_WITHDRAWN: 'この応募は取り下げられています。',
  CARRIER_NOT_ASSIGNABLE: '集荷の受領確認後、または承認済み以外の依頼では担当ドライバーを変更できません。',
  DRIVER_INACTIVE: 'このドライバーは利用停止中のため、担当に設定できません。',
  // the admin's second factor (decision 053)
  TOTP_CODE_INVALID: '確認コードが正しくありません。認証アプリに表示されている6桁のコードを入力してください。',
  TOTP_CODE_REUSED: 'この確認コードは既に使用されています。次のコードが表示されてから入力してください。',
  TOTP_CHALLENGE_EXPIRED: '確認コードの入力期限が切れました。もう一度メールアドレスとパスワードを入力してください。',
  TOTP_ALREADY_ENABLED: '二段階認証は既に有効です。',
  TOTP_NOT_ENABLED: '二段階認証は有効になっていません。',
  TOTP_ENROLMENT_NOT_STARTED: '二段階認証の登録が開始されていません。最初からやり直してください。',
  // waiting and loading time at the stops (decision 061)
  STOP_NOT_FOUND: '集荷地・配達先が見つかりませんでした。',
  STOP_TIME_OUT_OF_ORDER: '到着・荷役開始・荷役終了・出発の順に、前の記録より後の時刻で記録してください。',
  STOP_TIME_ALREADY_RECORDED: 'この地点のこの記録は既に登録されています。',
  STOP_TIME_OUT_OF_RANGE: '記録の時刻が正しくありません。端末の時計をご確認ください。',
  STOP_TIME_NOT_RECORDED: 'まだ記録されていない時刻は修正できません。',
  STOP_TIME_UNCHANGED: '修正前と同じ時刻です。',
  // the carrier's invoices (issue 46, decision 099)
  INVOICE_NOT_FOUND: '請求書が見つかりませんでした。',
  INVOICE_NOT_DRAFT: '発行済みの請求書は変更できません。訂正する場合は訂正請求書を作成してください。',
  INVOICE_NOT_CORRECTABLE: '訂正できるのは発行済みの請求書だけです（下書きはそのまま変更できます。赤伝は訂正できません）。',
  INVOICE_ALREADY_CORRECTED: 'この請求書は既に訂正（赤伝）されています。',
  INVOICE_NOT_PAYABLE: 'この書類は支払の対象ではありません（下書き、赤伝、または取り消された請求書です）。',
  INVOICE_ALREADY_PAID: 'この請求書は既に支払済みとして登録されています。',
  INVOICE_ALREADY_CONFIRMED: 'この請求書の入金は既に確認済みです。',
  INVOICE_RETENTION_ACTIVE: '発行済みの請求書は保存期間が過ぎるまで削除できません。',
  INVOICE_SHIPPER_NOT_FOUND: '荷主が見つかりませんでした（配送を完了した取引のある荷主だけを選べます）。',
  INVOICE_STATEMENT_EMPTY: 'この期間に請求できる完了済みの配送はありません（個別の請求書を発行済みの配送は含めません）。',
  INVOICE_JOB_ALREADY_BILLED: 'この配送は既に発行済みの別の請求書（個別の請求書または月次請求書）で請求されています。',
  // the back office's background jobs (decision 101)
  BACKGROUND_JOB_NOT_FOUND: 'ジョブが見つかりませんでした。',
  BACKGROUND_JOB_NOT_FAILED: '再実行できるのは失敗したジョブだけです。',
  // verified carriers (issue 48, decision 104)
  VERIFIED_CARRIER_REQUIRED:
    'この依頼は認証済みの運送会社のみ応募できます。ドライバー管理者がマイページの「運送会社の認証」から、一般貨物自動車運送事業の許可番号（または貨物軽自動車運送事業の届出番号）、貨物保険（保険会社・補償額・有効期限・証券の画像）、適格請求書発行事業者の登録番号を提出し、運営の確認を受けてください。',
  CARRIER_VERIFICATION_NOT_FOUND: '運送会社の認証申請が見つかりませんでした。',
  CARRIER_VERIFICATION_NOT_PENDING:
    'この申請は審査待ちではありません（既に確認済み・差戻し済みか、取り下げられています）。一覧を再読み込みしてください。',
  CARRIER_VERIFICATION_INSURANCE_EXPIRED:
    '貨物保険の有効期限が過ぎているため確認済にできません。差し戻して、有効な保険証券の提出を求めてください。',
  VERIFIED_ONLY_NOT_CHANGEABLE: '「認証済みの運送会社のみ」は募集中の依頼でのみ変更できます。',
  // measured facts and reviews (issue 48, decision 105)
  REVIEW_NOT_FOUND: 'レビューが見つかりませんでした。',
  REVIEW_NOT_OPEN: '配送が完了してからレビューできます。',
  REVIEW_ALREADY_WRITTEN: 'この取引のレビューは投稿済みです。内容は投稿から7日間変更できます。',
  REVIEW_EDIT_CLOSED: '投稿から7日を過ぎたレビューは変更できません。',
  REVIEW_ALREADY_REPLIED: 'このレビューには返信済みです（返信は1回のみです）。',
  REVIEW_ACTION_FORBIDDEN: 'このレビューに対してこの操作はできません。',
  REVIEW_ALREADY_HIDDEN: 'このレビューは既に非表示です。',
  REVIEW_NOT_HIDDEN: 'このレビューは非表示になっていません。',
  CARRIER_NOT_FOUND: '運送会社が見つかりませんでした。',
  // templates and scheduled requests (decision 107)
  REQUEST_TEMPLATE_NOT_FOUND: 'テンプレートが見つかりませんでした。',
  SCHEDULE_NOT_FOUND: 'このテンプレートには定期便が設定されていません。',
  SCHEDULE_OCCURRENCE_NOT_FOUND: 'この日は定期便の予定日ではありません。',
  SCHEDULE_OCCURRENCE_DECIDED: 'この回はすでに掲載済みか、休みになっています。',
} as const;
export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** Messages of form fields (zod issues are translated to these). */
export const FIELD_MESSAGES = {
  required: '必須項目です。',
  invalidType: '入力形式が正しくありません。',
  controlCharacter: '使用できない制御文字が含まれています。',
  loneSurrogate: '使用できない不完全な文字が含まれています。',
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
  // paperwork for the money (decision 090)
  invoiceNumberCheckDigit:
    '登録番号の13桁が法人番号として正しくありません（先頭の検査用数字が一致しません）。入力内容をご確認ください。',
  invoiceNumberNotCorporate:
    '登録番号の13桁が法人番号の検査用数字と一致しません。法人の場合は入力内容をご確認ください（個人事業者の番号は確認の対象外です）。',
  paymentDayNotAfterClosing: '支払日は締め日より後の日にしてください。',
  paymentDayTooLate: '支払日は締め日から1か月以内にしてください（支払期日は役務の提供日から60日以内に定める必要があります）。',
  bankAccountNumber: '口座番号は7桁の数字で入力してください。',
  accountHolderKana: '口座名義は全角カタカナで入力してください（スペース・長音・括弧・「．」「／」も使えます）。',
  retentionYearsTooShort: (min: number) => `保存期間は${min}年以上で指定してください。`,
  phone: '電話番号は0から始まる10〜12桁の数字で入力してください（ハイフンなし）。',
  postalCode: '郵便番号の形式が正しくありません。',
  time: '時刻はHH:MMの形式で入力してください。',
  timeRange: '時間帯はHH:MM-HH:MMの形式で入力してください。',
  licenseNumber: '許可番号の形式が正しくありません。',
  // verified carriers (decision 104)
  insuranceExpiryPast: '有効期限は今日以降の日付を入力してください。',
  coverageAmount: '補償額は1円以上の整数（円）で入力してください。',
  dateRange: '期間の形式が正しくありません。',
  uuid: 'IDの形式が正しくありません。',
  token: 'トークンの形式が正しくありません。',
  url: 'URLの形式が正しくありません。',
  integer: '整数で入力してください。',
  companyOwnerOnly: '会社情報はドライバー管理者のみ変更できます。',
  // request items
  datetime: '日時の形式が正しくありません（例: 2026-12-01T09:00:00+09:00）。',
  date: '日付はYYYY-MM-DDの形式で入力してください。',
  timeOrder: '終了日時は開始日時以降にしてください。',
  dateOrder: '終了日は開始日以降にしてください。',
  pickupRequired: '集荷地を1件以上入力してください。',
  deliveryRequired: '配達先を1件以上入力してください。',
  tooMany: (max: number) => `${max}件以内で指定してください。`,
  duplicate: '同じ値が重複しています。',
  positive: '0より大きい値を入力してください。',
  decimalPlaces: '小数点以下は2桁までで入力してください。',
  fileTypeNotAllowed: 'このファイル形式はアップロードできません。',
  fileName: 'ファイル名の形式が正しくありません。',
  // talkrooms and the delivery report
  messageEmpty: 'メッセージを入力するか、ファイルを添付してください。',
  reportEmpty: '受領書・受取人の署名・配送画像・温度のいずれかを指定してください。',
  temperature: '温度は-50〜50℃の範囲で、小数第1位までの数値で入力してください。',
  // the shipper's own temperature range (decision 085)
  temperatureRangeColdOnly: '温度の指定は、温度帯が冷蔵・冷凍のときにできます。',
  temperatureRangeOrder: '下限は上限より低い温度にしてください。',
  temperatureRangeOutsideZone: (zone: string, limit: string) => `${zone}の基準（${limit}）の範囲内で指定してください。`,
  // open selection (decision 065)
  selectionDeadlinePast: '選考期限は現在より後の日時を指定してください。',
  selectionDeadlineAfterPickup: '選考期限は最初の集荷日時より前にしてください。',
  filePath: '保存先の形式が正しくありません。',
  // the sandbox's card form
  cardNumber: 'カード番号が正しくありません。',
  cardExpMonth: '有効期限（月）は1〜12で入力してください。',
  cardExpYear: '有効期限（年）は西暦4桁で入力してください。',
  cardCvc: 'セキュリティコードは3桁または4桁の数字で入力してください。',
  // the admin's second factor
  totpCode: '認証アプリに表示されている6桁の数字を入力してください。',
  month: '年月はYYYY-MMの形式で入力してください。',
  // the standard-fare meter (decision 092)
  fuelPrice: '軽油価格は1リットルあたり50〜500円、小数第1位までで入力してください。',
  distanceKm: '距離は0より大きく5,000km以下、小数第1位までで入力してください。',
  kmPerLitre: '燃費は0より大きく50km/L以下、小数第1位までで入力してください。',
  minutes: (max: number) => `0〜${max}分の整数で入力してください。`,
  totpOrRecoveryCode: '6桁の確認コード、またはリカバリーコード（xxxx-xxxx-xxxx-xxxx）を入力してください。',
} as const;

/**
 * What a caller who may not see a customer's contact details and message receives
 * instead (spec §3 "hide flag"; DESIGN §4): fixed sample values, never the real ones.
 */
export const HIDDEN_SAMPLES = {
  message: '詳細は承認後に表示されます。',
  companyName: '株式会社サンプル',
  customerName: '山田 太郎',
  address: '東京都千代田区千代田1-1',
  phone: '0000000000',
  email: 'sample@example.com',
  invoice: 'T0000000000000',
  stopName: '担当者',
  block: '1-1',
} as const;

/** Labels of transport stops: 集荷, 配達 and the numbered transits 経由1, 経由2 … */
export const transitStopLabel = (n: number) => `経由${n}`;

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
  templateDeleted: 'テンプレートを削除しました',
  statusUpdated: 'ステータスを更新しました',
  deliveryCancelled: '配送をキャンセルしました',
  completionApproved: '完了報告を承認しました',
  sentToShipper: '依頼を荷主様へ送信しました。',
  registrationMailSent: '登録用メールを送信しました',
  loggedOut: 'ログアウトしました。',
  deleted: '正常に削除されました。',
  uploadSucceeded: 'ファイルのアップロードに成功しました',
  // accounts (ours: the spec shows no wording for these)
  emailVerified: 'メールアドレスを確認しました。',
  customerRegistered: '荷主アカウントの登録が完了しました。',
  driverManagerRegistered: 'ドライバー管理者アカウントを登録しました。お支払い情報を登録してください。',
  subscribed: 'お支払いが完了しました。ご利用を開始できます。',
  paymentMethodUpdated: 'お支払い方法を更新しました。',
  paymentUpdateMailSent: 'カード変更用のリンクをメールで送信しました。',
  paymentUpdateTokenVerified: 'リンクを確認しました。新しいカードを登録してください。',
  driverRegistered: 'ドライバーアカウントの登録が完了しました。',
  driverInvited: '招待メールを送信しました。',
  passwordChanged: 'パスワードを変更しました。',
  passwordResetMailSent: 'パスワード再設定用のメールを送信しました。',
  passwordReset: 'パスワードを再設定しました。新しいパスワードでログインしてください。',
  emailUpdateMailSent: '確認用メールを新しいメールアドレスに送信しました。',
  emailUpdated: 'メールアドレスを変更しました。',
  profileUpdated: 'プロフィールを更新しました。',
  bankAccountSaved: '振込先を保存しました。',
  paymentTermsSaved: '支払条件を保存しました。',
  accountSuspended: 'アカウントを停止しました。',
  accountActivated: 'アカウントを有効にしました。',
  // request lifecycle (ours)
  requestCancelled: '依頼をキャンセルしました。',
  reportSubmitted: '完了報告を送信しました。',
  /** A report sent in parts: what is kept, and that the customer has not been told yet. */
  reportPartSaved: (present: number, total: number) =>
    `報告を保存しました（${total}点中${present}点）。残り${total - present}点がそろうと荷主様に完了報告が届きます。`,
  requestReposted: '同じ内容で再掲載しました。',
  // carrier companies (ours)
  driverRemoved: 'ドライバーを削除しました。',
  invitationResent: '招待メールを再送しました。',
  invitationRevoked: '招待を取り消しました。',
  carrierAssigned: '担当ドライバーを設定しました。',
  // saved places and the CSV import (decision 106)
  placeSaved: '住所録に登録しました。',
  placeUpdated: '登録地を更新しました。',
  placeDeleted: '登録地を削除しました。',
  deliveriesImported: (n: number) => `${n}件の配送依頼を登録しました。`,
  // the admin's second factor (ours)
  totpEnabled: '二段階認証を有効にしました。',
  totpDisabled: '二段階認証を無効にしました。',
} as const;

/** Words of the form controls themselves (labels, tags, placeholders); the spec quotes 必須 and に集荷. */
export const FORM_TEXT = {
  requiredTag: '必須',
  showPassword: 'パスワードを表示',
  hidePassword: 'パスワードを非表示',
  selectPlaceholder: '選択してください',
  datePlaceholder: '日付を選択',
  /** A calendar day's accessible name with its public holiday. */
  holidayDay: (day: string, holiday: string) => `${day}、${holiday}`,
  /** The heading of the shown month's public holidays under the calendar. */
  holidaysOfMonth: 'この月の祝日',
  timePlaceholder: '時刻を選択',
  timeRangeStart: '開始時刻',
  timeRangeEnd: '終了時刻',
  timeRangeSeparator: '〜',
  pickupSuffix: 'に集荷',
  chooseFiles: 'ファイルを選択',
  acceptedFiles: (extensions: string, max: number) => `${extensions}（最大${max}個）`,
  uploadedFile: 'アップロード済みのファイル',
  removeFile: (name: string) => `${name}を削除`,
  uploadProgress: (name: string) => `${name}のアップロード状況`,
  selectAllInGroup: (group: string) => `${group}をすべて選択`,
  postalCodePlaceholder: '123-4567',
  postalCodeHint: '郵便番号を入力すると住所が自動で入力されます。',
  postalCodeSearching: '住所を検索しています…',
  postalCodeChoose: '住所を選択してください',
} as const;

/**
 * Fixed interface text of the web app (navigation, headings, buttons of shared
 * components), kept here so that every Japanese string has one home.
 */
export const UI_TEXT = {
  productName: '物流マーケット',
  common: {
    close: '閉じる',
    toastRegion: 'お知らせメッセージ',
    cancel: 'キャンセル',
    confirm: '確認',
    ok: 'OK',
    back: '戻る',
    loading: '読み込み中',
    previousPage: '前のページ',
    nextPage: '次のページ',
    previousMonth: '前の月',
    nextMonth: '次の月',
    pagination: 'ページ送り',
    page: (n: number) => `${n}ページ`,
    totalCount: (n: number) => `全${groupDigits(n)}件`,
    /** The list stopped counting there (meta.totalCountIsLowerBound). */
    totalCountAtLeast: (n: number) => `${groupDigits(n)}件以上`,
    empty: 'データがありません。',
    openMenu: 'メニューを開く',
    closeMenu: 'メニューを閉じる',
    mainNavigation: 'メインメニュー',
    userMenu: 'ユーザーメニュー',
    skipToContent: 'メインコンテンツへ移動',
    retry: '再読み込み',
    toHome: 'トップへ戻る',
  },
  nav: {
    home: '案件を探す',
    guide: 'ご利用ガイド',
    signIn: 'ログイン',
    signUp: '新規登録',
    appliedItems: '応募した案件',
    myItems: '依頼一覧',
    createRequest: '依頼を作成',
    notifications: '通知',
    myPage: 'マイページ',
    managerDrivers: 'ドライバー管理',
    carrierRegister: '実運送体制管理簿',
    dashboard: '管理画面',
    logOut: 'ログアウト',
  },
  dashboard: {
    title: '管理画面',
    home: 'ホーム',
    overview: '概況',
    caseManagement: '案件管理',
    deliveries: '依頼一覧',
    warehouses: '倉庫マッチング',
    carrierRegister: '実運送体制管理簿',
    invoices: '請求書一覧',
    accountManagement: 'アカウント管理',
    drivers: 'ドライバーアカウント',
    customers: '荷主アカウント',
    carrierVerifications: '運送会社の認証',
    reviews: 'レビュー管理',
    notificationManagement: '通知管理',
    notifications: '通知履歴',
    auditLog: '操作履歴',
    fuelPrices: '軽油価格',
    jobs: 'バックグラウンドジョブ',
    settings: '設定',
    detail: '詳細',
    notificationCreate: '通知登録（送信）',
    toggleSidebar: 'サイドバーの表示切替',
  },
  logOut: {
    title: 'ログアウト',
    description: 'ログアウトしてもよろしいですか？',
    confirm: 'ログアウト',
  },
  conflict: {
    title: 'このページは表示できません',
    description: 'ログイン中のため、このページは利用できません。別のページへ移動するか、ログアウトしてから再度お試しください。',
  },
  notFound: {
    title: 'ページが見つかりません',
    description: 'お探しのページは移動または削除されたか、URLが間違っている可能性があります。',
  },
  errorPage: {
    title: 'エラーが発生しました',
    description: '画面の読み込みに失敗しました。ページを再読み込みしてください。',
  },
  comingSoon: '準備中です。',
} as const;

/**
 * Title and message of each notification an event produces (docs/decisions/009-notifications.md
 * has the table event → type → recipients). The spec shows no wording: these are ours.
 */
export const NOTIFICATION_TEXTS = {
  REGISTRATION_COMPLETE: {
    title: '会員登録が完了しました',
    message: '物流マーケットへのご登録ありがとうございます。マイページからプロフィールをご確認ください。',
  },
  PICKUP_REQUEST_RECEIVED: {
    title: '配送依頼に応募がありました',
    message: 'あなたの配送依頼に新しい応募がありました。応募者一覧から内容をご確認ください。',
  },
  PICKUP_REQUEST_APPROVED: {
    title: '配送依頼が承認されました',
    message: '応募した配送依頼が荷主様に承認されました。トークルームで荷主様と打ち合わせを行ってください。',
  },
  PICKUP_REQUEST_RESULT: {
    title: '配送依頼の選考結果のお知らせ',
    message: '応募いただいた配送依頼は、今回は別の方に決定しました。またのご応募をお待ちしております。',
  },
  NEW_MESSAGE: {
    title: '新着メッセージがあります',
    message: 'トークルームに新しいメッセージが届きました。',
  },
  MEETING_COMPLETE_BUTTON_PRESSED: {
    title: '打ち合わせ完了が押されました',
    message: '取引相手が打ち合わせ完了ボタンを押しました。トークルームをご確認ください。',
  },
  DELIVERY_CANCELLED: {
    title: '配送依頼がキャンセルされました',
    message: 'お取引中または応募中の配送依頼が荷主様によりキャンセルされました。',
  },
  WAREHOUSE_CANCELLED: {
    title: '倉庫利用依頼がキャンセルされました',
    message: '応募中の倉庫利用依頼が荷主様によりキャンセルされました。',
  },
  DELIVERY_COMPLETE_REPORT: {
    title: '配送完了報告が届きました',
    message: 'ドライバーから配送完了報告が届きました。内容をご確認のうえ、完了報告を承認してください。',
  },
  DELIVERY_COMPLETE_APPROVED: {
    title: '配送完了報告が承認されました',
    message: '荷主様が配送完了報告を承認しました。配送が完了しました。',
  },
  WAREHOUSE_USE_REQUEST_RECEIVED: {
    title: '倉庫利用依頼に応募がありました',
    message: 'あなたの倉庫利用依頼に新しい応募がありました。応募者一覧から内容をご確認ください。',
  },
  WAREHOUSE_USE_REQUEST_APPROVED: {
    title: '倉庫利用依頼が承認されました',
    message: '応募した倉庫利用依頼が荷主様に承認されました。マッチングが完了しました。',
  },
  WAREHOUSE_USE_REQUEST_RESULT: {
    title: '倉庫利用依頼の選考結果のお知らせ',
    message: '応募いただいた倉庫利用依頼は、今回は別の方に決定しました。またのご応募をお待ちしております。',
  },
  SELECTION_DEADLINE_PASSED: {
    title: '応募した依頼が締め切られました',
    message: 'ご応募いただいた依頼は、選考期限までに荷主様の承認がなかったため締め切られました。',
  },
  SELECTION_DEADLINE_PASSED_OWNER: {
    title: '依頼の選考期限が過ぎました',
    message: '選考期限までに応募者の承認がなかったため、依頼を締め切りました。依頼の詳細から同じ内容で再掲載できます。',
  },
  REQUEST_REPOSTED: {
    title: '応募した依頼が再掲載されました',
    message:
      '選考期限で締め切られた依頼を、荷主様が同じ内容で掲載し直しました。応募する場合は、新しい依頼からあらためて応募してください。',
  },
  DRIVER_ASSIGNED: {
    title: '配送の担当になりました',
    message:
      'ドライバー管理者があなたを配送依頼の担当に設定しました。応募した案件から内容を確認し、荷主様と打ち合わせを行ってください。',
  },
  SUBSCRIPTION_PAYMENT_FAILED: {
    title: '月額利用料の決済に失敗しました',
    message: 'ご登録のクレジットカードで月額利用料をお支払いいただけませんでした。お支払い方法を更新してください。',
  },
  REVIEW_RECEIVED: {
    title: '取引相手から評価が届きました',
    message: '完了したお取引について、取引相手から評価が届きました。内容をご確認ください（返信は1回できます）。',
  },
} as const;
export type NotificationTextKey = keyof typeof NOTIFICATION_TEXTS;

/**
 * An issued invoice's due date is near or past (issue 46): told once of each to both parties,
 * the shipper who pays and the carrier who confirms. `dueDate` as 2026年1月30日.
 */
export const INVOICE_ISSUED_TEXTS = {
  INVOICE: (number: string) => ({
    title: '請求書が発行されました',
    message: `運送事業者が請求書 第${number}号を発行しました。内容をご確認のうえ、お支払いください。`,
  }),
  STATEMENT: (number: string) => ({
    title: '月次請求書が発行されました',
    message: `運送事業者が月次請求書 第${number}号を発行しました。内容をご確認のうえ、お支払いください。`,
  }),
} as const;

export const INVOICE_REMINDER_TEXTS = {
  DUE_SOON: (number: string, dueDate: string) => ({
    title: '請求書の支払期日が近づいています',
    message: `請求書 第${number}号の支払期日は${dueDate}です。お支払い・入金の状況をご確認ください。`,
  }),
  OVERDUE: (number: string, dueDate: string) => ({
    title: '請求書の支払期日を過ぎています',
    message: `請求書 第${number}号の支払期日（${dueDate}）を過ぎましたが、入金の確認が済んでいません。お支払い・入金の状況をご確認ください。`,
  }),
} as const;

/**
 * A carrier company's verification (decision 104), told to its driver manager by notification and
 * e-mail: the admin's answer, the insurance's expiry 30 days ahead, and the lapse on expiry.
 * `day` as 2026年1月30日.
 */
export const CARRIER_VERIFICATION_TEXTS = {
  VERIFIED: () => ({
    title: '運送会社の認証が完了しました',
    message: '提出いただいた書類を確認しました。応募やプロフィールに「認証済み」と表示されます。',
  }),
  RETURNED: (reason: string) => ({
    title: '運送会社の認証申請が差し戻されました',
    message: `差戻しの理由: ${reason}\nマイページの「運送会社の認証」から内容を修正して再度申請してください。`,
  }),
  INSURANCE_EXPIRING: (day: string) => ({
    title: '貨物保険の有効期限が近づいています',
    message: `登録された貨物保険の有効期限は${day}です。期限を過ぎると「認証済み」の表示が外れます。更新後の保険証券をマイページの「運送会社の認証」から提出してください。`,
  }),
  LAPSED: (day: string) => ({
    title: '貨物保険の有効期限が切れたため、認証が失効しました',
    message: `登録された貨物保険の有効期限（${day}）を過ぎたため、「認証済み」の表示を外しました。更新後の保険証券をマイページの「運送会社の認証」から提出してください。`,
  }),
} as const;

/**
 * Scheduled requests (定期便, decision 107) and the stop notices during transport (issue 49 item 5).
 * `day` is written as the notice shows it (「2026年3月2日」); `time` as 「14:05」, Japan time.
 */
export const SCHEDULE_NOTICE_TEXTS = {
  posted: (template: string, day: string) => ({
    title: '定期便を掲載しました',
    message: `テンプレート「${template}」の${day}の便を掲載しました。`,
  }),
  skipped: (template: string, day: string) => ({
    title: '定期便を掲載しませんでした',
    message: `テンプレート「${template}」の${day}の便は、集荷日時までの時間が足りないため掲載しませんでした。必要な場合は新しく依頼を作成してください。`,
  }),
  stop: (subject: string, stop: string, event: '到着' | '出発', time: string) => ({
    title: `${event}: ${subject}`,
    message: `「${subject}」のドライバーが${stop}に${time}に${event === '到着' ? '到着しました' : '出発しました'}。`,
  }),
} as const;

/**
 * A cold-chain reading outside the request's range (decisions 064, 085), told to both parties
 * before the customer approves: 「集荷時 12.0℃（冷蔵の基準 0〜10℃）」, or with the shipper's own
 * range 「（冷蔵・依頼の指定 2〜8℃）」. It sends them where they can act: the request's detail holds
 * the readings, and the approved talkroom stays open until the delivery is complete.
 */
export function temperatureAlertText(
  subject: string,
  range: TColdChainRange,
  readings: readonly { point: 'PICKUP' | 'DELIVERY'; celsius: number }[],
  custom?: CustomTemperatureRange | null,
): { title: string; message: string } {
  const listed = readings.map((r) => `${r.point === 'PICKUP' ? '集荷時' : '配達時'} ${formatCelsius(r.celsius)}`).join('、');
  const basis = hasCustomRange(custom)
    ? `${TemperatureRange.labels[range]}・依頼の指定`
    : `${TemperatureRange.labels[range]}の基準`;
  return {
    title: '温度の逸脱が記録されました',
    message: `${subject}: ${listed}（${basis} ${temperatureLimitText(range, custom)}）。依頼の詳細で測定値をご確認のうえ、完了報告の承認前にトークルームで取引の相手と状況をご相談ください（トークルームは配送完了まで利用できます）。`,
  };
}

/**
 * A notice about one request names it, as a talkroom message's and a temperature alert's do:
 * 「冷凍食品（依頼番号 1F2E-3D5A）: 」 before the fixed message. The reference tells apart two
 * requests of one name (a repost and the request it replaces).
 */
export function requestNoticeText(
  key: NotificationTextKey,
  subject: string,
  requestItemId: string,
): { title: string; message: string } {
  const { title, message } = NOTIFICATION_TEXTS[key];
  return { title, message: `${subject}（${REQUEST_ITEM_TEXT.reference} ${requestReference(requestItemId)}）: ${message}` };
}

/** How many characters of a talkroom message its notification quotes. */
export const MESSAGE_PREVIEW_LENGTH = 40;

/**
 * A talkroom message's notification names who wrote, on which request, and quotes the start:
 * 「山田 太郎さんからメッセージ」「冷凍食品（水産加工品）: 明日の集荷は…」.
 */
export function newMessageText(sender: string, subject: string, content: string): { title: string; message: string } {
  const text = content.replace(/\s+/g, ' ').trim();
  const preview = text.length > MESSAGE_PREVIEW_LENGTH ? `${text.slice(0, MESSAGE_PREVIEW_LENGTH)}…` : text;
  return {
    title: `${sender}さんからメッセージ`,
    message: `${subject}: ${preview || 'ファイルが送信されました。'}`,
  };
}
