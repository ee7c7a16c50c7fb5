/** Words of the 実運送体制管理簿 page (issue 16 item 2, decision 066). */
import { groupDigits } from '@logi/contract';
export const CARRIER_REGISTER_TEXT = {
  title: '実運送体制管理簿',
  description:
    '1.5t以上の貨物を運んだ配送について、荷主・元請事業者・実運送事業者とその請負階層・運転者、区間（集荷地と配達地）、車両と日付を月ごとに記録します（集荷日の月で集計）。',
  month: '対象月',
  download: 'CSVをダウンロード',
  fileName: (month: string) => `実運送体制管理簿_${month}.csv`,
  empty: 'この月に記録対象の配送はありません。',
  count: (n: number) => `${groupDigits(n)}件`,
  openLink: '実運送体制管理簿',
  /** The scrolling table's name, for the keyboard and screen readers. */
  table: (month: string) => `実運送体制管理簿の表（${month}）`,
  /** 請負階層: 0 is the contracting company itself. */
  tier: (tier: number) => (tier === 0 ? '元請（自社で実運送）' : `${tier}次請け`),
  weight: (kg: number) => groupDigits(kg, 2),
  columns: {
    reference: '依頼番号',
    pickupAt: '集荷日',
    deliverBy: '配達日',
    pickupAddress: '区間（集荷地）',
    deliveryAddress: '区間（配達地）',
    baggageName: '荷物',
    totalWeight: '総重量(kg)',
    vehicleType: '車両',
    shipper: '荷主',
    contractor: '元請事業者',
    actualCarrier: '実運送事業者',
    driverName: '運転者',
    subcontractTier: '請負階層',
    /** The table only: the 運送条件書 in force, to download. */
    conditions: '運送条件書',
    status: '状態',
  },
} as const;
