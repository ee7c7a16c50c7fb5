/**
 * 運送条件書 (issue 16 item 1, decision 067): what the shipper and the carrier agreed, written
 * down on approval — the parties, the job, the fare, and separately each incidental charge
 * (附帯業務, 待機料金, 高速道路料金, 燃料サーチャージ) and the payment terms. Pure: the approved
 * request as its owner sees it and the approved bid in, the document's content and its printed
 * sections out. The content is stored as issued; the PDF is made from it once.
 */
import {
  IncidentalWork,
  STOP_TIME_RULES,
  TemperatureRange,
  TollsPaidBy,
  type TRequestItemDetail,
  VehicleType,
  requestReference,
} from '@logi/contract';

export interface TransportConditionsContent {
  number: string;
  issuedAt: string;
  shipper: { company: string; name: string; address: string; phone: string };
  carrier: { company: string; name: string; phone: string };
  /** The driver a carrier company assigned, when it is not the contracting applicant itself. */
  driver: string | null;
  job: {
    reference: string;
    baggageName: string;
    totalWeightKg: number;
    vehicle: string;
    temperature: string;
    stops: { label: string; address: string; from: string; to: string }[];
  };
  fare: number;
  incidentalWork: string[];
  /** Null: included in the fare. */
  incidentalCharge: number | null;
  waitingChargePer30Min: number | null;
  freeWaitingMinutes: number;
  tolls: string;
  fuelSurcharge: number | null;
  paymentTerms: string | null;
}

export interface ApprovedBid {
  price: number;
  incidentalCharge: number | null;
  fuelSurcharge: number | null;
}

/** 第TC-A1B2-C3D4号: one document per request, numbered by its reference. */
export const conditionsNumber = (requestItemId: string) => `TC-${requestReference(requestItemId)}`;

const address = (l: { prefecture: string; city: string; town: string; block: string; building: string | null }) =>
  `${l.prefecture}${l.city}${l.town}${l.block}${l.building ? ` ${l.building}` : ''}`;

/** The content of the document of an approved delivery (as its owner sees it) and its approved bid. */
export function transportConditionsOf(item: TRequestItemDetail, bid: ApprovedBid, issuedAt: Date): TransportConditionsContent {
  const d = item.deliveryItem!;
  const customer = item.customer!;
  const receiver = item.receiver!;
  return {
    number: conditionsNumber(item.id),
    issuedAt: issuedAt.toISOString(),
    shipper: { company: customer.companyName, name: customer.customerName, address: customer.address, phone: customer.phone },
    carrier: { company: receiver.companyName ?? receiver.name, name: receiver.name, phone: receiver.phone ?? '' },
    driver: item.carrier?.name ?? null,
    job: {
      reference: requestReference(item.id),
      baggageName: d.baggageName,
      totalWeightKg: d.totalWeight,
      vehicle: VehicleType.labels[d.vehicleType],
      temperature: TemperatureRange.labels[d.vehicleTemperatureRange],
      stops: d.transports.map((s) => ({ label: s.label, address: address(s.location), from: s.timeFrom, to: s.timeTo })),
    },
    fare: bid.price,
    incidentalWork: d.incidentalWork.map((w) => IncidentalWork.labels[w]),
    // The bid's own charges (a carrier may name them) win over the request's.
    incidentalCharge: bid.incidentalCharge ?? d.incidentalCharge,
    waitingChargePer30Min: d.waitingChargePer30Min,
    freeWaitingMinutes: STOP_TIME_RULES.freeWaitingMinutes,
    tolls: TollsPaidBy.labels[d.tollsPaidBy],
    fuelSurcharge: bid.fuelSurcharge ?? d.fuelSurcharge,
    paymentTerms: d.paymentTerms,
  };
}

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;
const tokyo = (iso: string, withTime = true) =>
  new Intl.DateTimeFormat('ja-JP', {
    timeZone: 'Asia/Tokyo',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    ...(withTime ? { hour: '2-digit', minute: '2-digit' } : {}),
  }).format(new Date(iso));

export interface DocumentSection {
  heading: string;
  rows: [label: string, value: string][];
}

/** The printed document: its title line, the sections in order, and the closing note. */
export function conditionsDocument(c: TransportConditionsContent): {
  title: string;
  subtitle: string;
  sections: DocumentSection[];
  note: string;
} {
  const incidental =
    c.incidentalWork.length === 0
      ? 'なし'
      : `${c.incidentalWork.join('・')}（${c.incidentalCharge === null ? '運賃に含む' : `料金 ${yen(c.incidentalCharge)}`}）`;
  return {
    title: '運送条件書',
    subtitle: `第 ${c.number} 号\u3000発行日 ${tokyo(c.issuedAt, false)}`,
    sections: [
      {
        heading: '荷主',
        rows: [
          ['会社名', c.shipper.company],
          ['担当者', c.shipper.name],
          ['住所', c.shipper.address],
          ['電話番号', c.shipper.phone],
        ],
      },
      {
        heading: '運送事業者（元請）',
        rows: [
          ['会社名', c.carrier.company],
          ['担当者', c.carrier.name],
          ['電話番号', c.carrier.phone],
          ...(c.driver ? ([['運転者', c.driver]] as [string, string][]) : []),
        ],
      },
      {
        heading: '運送の内容',
        rows: [
          ['依頼番号', c.job.reference],
          ['荷物', c.job.baggageName],
          ['総重量', `${c.job.totalWeightKg.toLocaleString('ja-JP')}kg`],
          ['車両', c.job.vehicle],
          ['温度帯', c.job.temperature],
          ...c.job.stops.map((s): [string, string] => [
            s.label,
            `${s.address}\u3000${tokyo(s.from)}〜${tokyo(s.to).replace(/^.*日 /, '')}`,
          ]),
        ],
      },
      {
        heading: '運賃・料金',
        rows: [
          ['運賃', yen(c.fare)],
          ['附帯業務', incidental],
          [
            '待機料金',
            c.waitingChargePer30Min === null
              ? '定めなし'
              : `30分ごと ${yen(c.waitingChargePer30Min)}（到着から${c.freeWaitingMinutes}分を超えた待機）`,
          ],
          ['高速道路料金', c.tolls],
          ['燃料サーチャージ', c.fuelSurcharge === null ? 'なし' : yen(c.fuelSurcharge)],
          ['支払条件', c.paymentTerms ?? '別途協議'],
        ],
      },
    ],
    note: 'この書面は、物流マーケットで荷主が承認した取引の内容から発行されたものです。',
  };
}
