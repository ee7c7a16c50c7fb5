/**
 * The printed 運送条件書 (decisions 067, 084): its title line, the sections in order and the
 * closing note, from the content as issued. Pure. Every amount says whether it includes tax.
 */
import type { StandardFareReference, TransportConditionsContent } from './transport-conditions';

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;
const tokyo = (iso: string, withTime = true) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  }).format(new Date(iso));
/** A Japan-time calendar day (YYYY-MM-DD) as 2026年1月30日. */
const day = (ymd: string) => tokyo(`${ymd}T12:00:00+09:00`, false);

type Row = [label: string, value: string];

export interface DocumentSection {
  heading: string;
  rows: Row[];
}

const NOT_REGISTERED = '登録なし';

function chargeRows(c: TransportConditionsContent): Row[] {
  const { charges } = c;
  const incidental =
    c.incidentalWork.length === 0
      ? 'なし'
      : `${c.incidentalWork.join('・')}（${charges.incidentalCharge === null ? '運賃に含む' : `料金 ${yen(charges.incidentalCharge)}`}）`;
  return [
    ['運賃', yen(charges.fare)],
    ['附帯業務', incidental],
    ['燃料サーチャージ', charges.fuelSurcharge === null ? 'なし' : yen(charges.fuelSurcharge)],
    ['小計（税抜）', yen(charges.subtotal)],
    [`消費税（${charges.taxRate}）`, yen(charges.consumptionTax)],
    ['合計（税込）', yen(charges.total)],
    [
      '待機料金',
      c.waitingChargePer30Min === null
        ? '定めなし'
        : `30分ごと ${yen(c.waitingChargePer30Min)}（税抜。到着から${c.freeWaitingMinutes}分を超えた待機。発生時に別途）`,
    ],
    ['高速道路料金', c.tolls === null ? '定めなし（別途協議）' : c.tolls],
  ];
}

/** The reference line: the job's standard fare (税込) and the table it comes from, or why there is none. */
function referenceRows(r: StandardFareReference | undefined): Row[] {
  if (!r) return [];
  const km = (n: number) => `${n.toLocaleString('ja-JP', { maximumFractionDigits: 1 })}km`;
  const value = r.covered
    ? `${yen(r.total)}（税込。${r.instrument}の表（${day(r.effectiveFrom)}から適用）、距離${km(r.distanceKm)}${r.estimated ? '（推定）' : ''}による。契約の金額ではありません）`
    : r.message;
  return [['標準的運賃（参考）', value]];
}

/** The printed document: its title line, the sections in order, and the closing note. */
export function conditionsDocument(c: TransportConditionsContent): {
  title: string;
  subtitle: string;
  sections: DocumentSection[];
  note: string;
} {
  const optional = (label: string, value: string | null): Row[] => (value ? [[label, value]] : []);
  return {
    title: '運送条件書',
    subtitle: `第 ${c.number} 号（第${c.version}版）\u3000発行日 ${tokyo(c.issuedAt, false)}`,
    sections: [
      {
        heading: '荷主',
        rows: [
          ['会社名', c.shipper.company],
          ['担当者', c.shipper.name],
          ['住所', c.shipper.address],
          ['電話番号', c.shipper.phone],
          ...optional('登録番号（インボイス）', c.shipper.invoiceNo),
        ],
      },
      {
        heading: '運送事業者（元請）',
        rows: [
          ['会社名', c.carrier.company],
          ['担当者', c.carrier.name],
          ['住所', c.carrier.address],
          ['電話番号', c.carrier.phone],
          ['一般貨物自動車運送事業許可番号', c.carrier.generalLicenseNo ?? NOT_REGISTERED],
          ...optional('貨物軽自動車運送事業届出番号', c.carrier.lightLicenseNo),
          ['登録番号（インボイス）', c.carrier.invoiceNo ?? NOT_REGISTERED],
        ],
      },
      {
        heading: '実運送',
        rows: [
          ['実運送事業者', c.actualCarrier.company],
          ['運転者', c.actualCarrier.driver],
        ],
      },
      {
        heading: '荷受人',
        rows: c.consignees.map((r): Row => [
          r.label,
          `${r.name ?? '（担当者の記載なし）'}${r.phone ? `\u3000${r.phone}` : ''}\u3000${r.address}`,
        ]),
      },
      {
        heading: '運送の内容',
        rows: [
          ['依頼番号', c.job.reference],
          ['荷物', c.job.baggageName],
          ['個数', c.job.pieces === null ? '記載なし' : `${c.job.pieces.toLocaleString('ja-JP')}個`],
          ['総重量', `${c.job.totalWeightKg.toLocaleString('ja-JP')}kg`],
          ['車両', c.job.vehicle],
          ['温度帯', c.job.temperature],
          ...c.job.stops.map((s): Row => [s.label, `${s.address}\u3000${tokyo(s.from)}〜${tokyo(s.to).replace(/^.*日 /, '')}`]),
        ],
      },
      { heading: '運賃・料金（金額は税抜、合計は税込）', rows: [...chargeRows(c), ...referenceRows(c.standardFareReference)] },
      {
        heading: '支払',
        rows: [
          ['支払条件', c.paymentTerms ?? '別途協議'],
          ['支払期日', `${day(c.paymentDueBy)}まで（配達日から60日以内）`],
        ],
      },
    ],
    note: [
      'この書面は、物流マーケットで荷主が承認した取引の内容から発行されたものです。',
      c.supersedes ? `運転者の指定により、第 ${c.supersedes} 号に代わって発行しました。` : '',
    ]
      .filter(Boolean)
      .join('\n'),
  };
}
