/**
 * Words of the fair-price meter on the screens (issue 45, decision 094): a request's standard fare
 * beside its price, its breakdown, the market's lane prices and a bid as a share of the standard
 * fare. The breakdown's own lines and assumptions come from the server (the contract's catalogue).
 */
import { groupDigits } from '@logi/contract';

const km = (n: number) => `${groupDigits(n, 1)}km`;

export const FAIR_PRICE_SCREEN_TEXT = {
  heading: '標準的運賃',
  /** Beside a price: the standard fare excluding tax. */
  figure: (yen: string) => `標準的運賃 ${yen}`,
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
  subtotal: '小計（税抜）',
  consumptionTax: (rate: string) => `消費税（${rate}）`,
  total: '合計（税込）',
  table: '運賃表',
  tableOf: (instrument: string, from: string) => `${instrument}（${from}から適用）`,
  region: '地域',
  vehicleClass: '車格',
  distance: '距離',
  distanceEstimated: (n: number) => `${km(n)}（推定）`,
  distanceEntered: (n: number) => `${km(n)}`,
  fuelPrice: '軽油価格',
  fuelPriceOf: (yenPerLitre: number, from: string) => `${groupDigits(yenPerLitre, 1)}円/L（${from}から）`,
  noFuelPrice: '未設定',
  assumptions: '計算の前提',
  notes: '注記',
  reference: '標準的運賃は国が示した運賃の目安です。契約の金額ではありません。',
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
} as const;
