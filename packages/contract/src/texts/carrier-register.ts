/** Words of the 実運送体制管理簿 page (issue 16 item 2, decision 066). */
import { groupDigits } from '../numbers';
export const CARRIER_REGISTER_TEXT = {
  title: '実運送体制管理簿',
  description:
    '1.5t以上の貨物を運んだ配送について、荷主・元請事業者・実運送事業者と運転者、車両と日付を月ごとに記録します（集荷日の月で集計）。',
  month: '対象月',
  download: 'CSVをダウンロード',
  fileName: (month: string) => `実運送体制管理簿_${month}.csv`,
  empty: 'この月に記録対象の配送はありません。',
  count: (n: number) => `${groupDigits(n)}件`,
  openLink: '実運送体制管理簿',
  columns: {
    reference: '依頼番号',
    pickupAt: '集荷日',
    deliverBy: '配達日',
    route: '区間',
    baggageName: '荷物',
    totalWeight: '総重量(kg)',
    vehicleType: '車両',
    shipper: '荷主',
    contractor: '元請事業者',
    actualCarrier: '実運送事業者',
    driverName: '運転者',
    status: '状態',
  },
} as const;
