/**
 * Words of the fair-price meter on the web (issue 45, decisions 094, 100 and 103), one catalogue: a
 * standard fare in brief beside a price, its breakdown (the one StandardFareBreakdown shows on the
 * create form, a request, a bid and a candidate), the market's lane prices, a bid as a share of the
 * standard fare; the create form's 「標準的運賃の目安」 panel, its real-distance field and
 * fixed-price warning; the admin's fuel-price screen. The engine's and the API's own words (lines,
 * assumptions, notes, reasons) come with the answer.
 */
import { groupDigits } from '@logi/contract';

const yen = (amount: number) => `${groupDigits(amount)}円`;
const km = (value: number) => `${groupDigits(value, 1)}km`;
const perLitre = (value: number) => `${groupDigits(value, 1)}円/L`;

export const FAIR_PRICE_WEB_TEXT = {
  heading: '標準的運賃',
  /** Beside a price: the standard fare excluding tax. */
  figure: (amount: string) => `標準的運賃 ${amount}`,
  taxExcluded: '（税抜）',
  estimated: '推定距離',
  notCovered: '標準的運賃の対象外',
  /** A bid as a share of the standard fare (both excluding tax). */
  share: (percent: number) => `標準的運賃の${groupDigits(percent)}%`,
  shareBasis: '運賃・附帯業務料金・燃料サーチャージの合計（税抜）を、標準的運賃（税抜）と比べた割合です。',
  shareAtDistance: (n: number) => `申告距離 ${km(n)} で計算`,
  showBreakdown: '標準的運賃の内訳',
  breakdownOf: (name: string) => `${name}の標準的運賃の内訳`,
  ownBidBreakdown: 'あなたの入札の標準的運賃の内訳（申告距離）',
  loading: '読み込み中…',
  loadFailed: '内訳を読み込めませんでした。',
  /** StandardFareBreakdown: the lines, the facts it used, its assumptions and notes. */
  breakdown: {
    /** The lines' table (its summary, on every screen, is the disclosure's). */
    caption: '標準的運賃の明細',
    item: '項目',
    amount: '金額',
    subtotal: '小計（税抜）',
    consumptionTax: (rate: string) => `消費税（${rate}）`,
    total: '合計（税込）',
    table: '告示',
    tableOf: (instrument: string, from: string) => `${instrument}（${from}から適用）`,
    region: '地域',
    regionOf: (name: string, authority: string) => `${name}（${authority}）`,
    vehicleClass: '車格',
    distance: '距離',
    distanceEstimated: (value: number) => `${km(value)}（推定）`,
    distanceEntered: (value: number) => `${km(value)}（入力値）`,
    fuelPrice: '燃料価格',
    fuelPriceOf: (price: number, from: string) => `軽油 ${perLitre(price)}（${from}から）`,
    noFuelPrice: '未設定（燃料サーチャージを含みません）',
    assumptions: '計算の前提',
    notes: '注記',
    reference: '標準的運賃は国が示した運賃の目安です。契約の金額ではありません。',
  },
  lanePrices: {
    median: '中央値',
    range: '範囲（下位10%〜上位10%を除く）',
    count: '件数',
    loadFailed: '成約価格を読み込めませんでした。',
  },
  bid: {
    distance: '走行距離（任意）',
    distanceHint: '実際に走る距離を入力すると、入札の標準的運賃をその距離で計算します。空欄なら推定距離です。',
    liveNone: '金額を入力すると、標準的運賃に対する割合を表示します。',
  },
  panel: {
    title: '標準的運賃の目安',
    hint: '国土交通省告示の標準的運賃による目安です。実際の価格は運送事業者との交渉で決まります。',
    waiting: '集荷先・配達先の都道府県と市区町村、日付、車両の種類、総重量を入力すると、標準的運賃の目安を表示します。',
    loading: '標準的運賃を計算しています…',
    failed: '標準的運賃の目安を取得できませんでした。時間をおいて再度お試しください。',
    total: '税込',
    subtotal: '税抜',
    /** The figure read out when it changes. */
    totalSentence: (total: number, subtotal: number) => `目安 ${yen(total)}（税込）、税抜 ${yen(subtotal)}`,
    distance: '距離',
    breakdown: '内訳を表示',
    notCovered: '標準的運賃の目安はありません',
  },
  distance: {
    label: '実走行距離（任意）',
    hint: '実際の道路距離が分かる場合に入力してください（小数第1位まで）。空欄の場合は市区町村の位置から推定します。',
    unit: 'km',
    /** In the confirm dialog. */
    fact: '実走行距離',
    value: km,
  },
  fixedPrice: {
    /** The fixed price is far below the standard fare (FIXED_PRICE_WARNING_SHARE). */
    farBelow: (percent: number, subtotal: number) =>
      `この価格（税抜、附帯業務の料金・燃料サーチャージを含む）は標準的運賃の目安（税抜 ${yen(subtotal)}）の${percent}%です。標準的運賃を大きく下回る価格では、運送事業者が引き受けにくくなります。価格は運送事業者と協議のうえ決めてください。`,
  },
  fuel: {
    title: '軽油価格',
    lead: '燃料サーチャージの基準となる軽油価格です。資源エネルギー庁の石油製品価格調査（軽油の全国平均小売価格）を指定日から適用します。',
    current: '現在の価格',
    currentNone: '軽油価格が設定されていません。設定するまで標準的運賃の目安に燃料サーチャージは含まれません。',
    currentValue: (price: number, from: string) => `${perLitre(price)}（${from}から適用）`,
    history: '設定の履歴',
    historyEmpty: 'まだ設定されていません。',
    effectiveFrom: '適用開始日',
    yenPerLitre: '価格（円/L）',
    setBy: '設定者',
    setAt: '設定日時',
    form: '新しい価格を設定',
    formHint: '指定日以降の見積りに使われます。訂正は同じ日付で設定し直してください。',
    unit: '円/L',
    submit: '設定する',
    saved: '軽油価格を設定しました。',
  },
} as const;
