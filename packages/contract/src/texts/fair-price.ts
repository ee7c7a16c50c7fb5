/**
 * Words of the fair-price meter's API (issue 45, decision 092): the quote's notes on what a draft
 * left out, the market's lane prices and the fuel-price setting. The engine's own words (lines,
 * assumptions, reasons) are in `standard-fare.ts`.
 */
import { groupDigits } from '../numbers';

export const FAIR_PRICE_TEXT = {
  quoteNotes: {
    HANDLING_WITHOUT_MINUTES: '附帯業務に積込み・荷下ろしがありますが、作業時間が未入力のため積込料・取卸料を含めていません。',
    HANDLING_METHOD_ASSUMED: '積込み・荷下ろしは手荷役として計算しています（フォークリフト等を使う場合は選択してください）。',
    HANDLING_WITHOUT_WORK: '附帯業務に積込み・荷下ろしがないため、入力された作業時間の積込料・取卸料を含めていません。',
    SORTING_NOT_IN_TABLE: '仕分けは標準的運賃の料金表にないため含めていません。',
    DISTANCE_NOT_ESTIMATED: '経路の一部の都道府県が分からないため、距離を推定できません。実際の距離を入力してください。',
  },
  lanePrices: {
    title: '同じ区間の成約価格',
    /** Why the figures are withheld: too few jobs to show without pointing at a party. */
    tooFew: (minimum: number) => `同じ条件の完了案件が${minimum}件未満のため、成約価格は表示できません。`,
    basis: (days: number, percent: number) =>
      `過去${days}日に完了した案件のうち、集荷地と配達先の都道府県・車格が同じで、推定距離が±${percent}%以内のものの合意額（税抜）です。`,
    range: '下位10%〜上位10%を除いた範囲',
    count: (n: number) => `${groupDigits(n, 0)}件`,
    lightVehicle: '軽車両',
    noLane: 'この依頼は区間（都道府県・車格・距離）を特定できないため、成約価格は表示できません。',
  },
  fuelPrice: {
    title: '軽油価格（燃料サーチャージの基準）',
    unit: '円/L',
  },
} as const;

export type QuoteNoteCode = keyof typeof FAIR_PRICE_TEXT.quoteNotes;
