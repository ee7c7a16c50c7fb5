/**
 * 運送条件書 (decisions 067, 084): what the shipper and the carrier agreed, written down — the
 * parties (the contracting carrier with its address, 許可番号 and 登録番号, and who actually
 * carries the load), the consignees, the job, the fare and separately each incidental charge, the
 * consumption tax and total, and the payment terms with their due date. Pure: the approved request
 * as its owner sees it, the approved bid and the carrier's profile in; the content out. The
 * content is stored as issued; the PDF is made from it once (transport-conditions-document.ts).
 */
import {
  type Charges,
  IncidentalWork,
  STOP_TIME_RULES,
  TemperatureRange,
  TollsPaidBy,
  type TDeliveryItem,
  type TRequestItemDetail,
  type TRequestStandardFare,
  VehicleType,
  chargesOf,
  japanDay,
  requestReference,
} from '@logi/contract';

/** Why a version was issued: the approval, or the carrier company naming (or changing) the driver. */
export type IssueReason = 'APPROVED' | 'CARRIER_ASSIGNED';

/** The contracting carrier (元請) as its company profile says. */
export interface CarrierParty {
  company: string;
  name: string;
  address: string;
  phone: string;
  generalLicenseNo: string | null;
  lightLicenseNo: string | null;
  invoiceNo: string | null;
}

/** The charges both sides agreed (the approved bid's where it named its own), with tax and total. */
export type AgreedCharges = Charges;

export interface TransportConditionsContent {
  number: string;
  version: number;
  /** The number of the version this one replaces. */
  supersedes: string | null;
  reason: IssueReason;
  issuedAt: string;
  shipper: { company: string; name: string; address: string; phone: string; invoiceNo: string | null };
  carrier: CarrierParty;
  /** Who carries the load: the company (実運送事業者) and its driver. */
  actualCarrier: { company: string; driver: string };
  /** 荷受人: the contact at each delivery stop. */
  consignees: { label: string; name: string | null; phone: string | null; address: string }[];
  job: {
    reference: string;
    baggageName: string;
    pieces: number | null;
    totalWeightKg: number;
    vehicle: string;
    temperature: string;
    stops: { label: string; address: string; from: string; to: string }[];
  };
  incidentalWork: string[];
  charges: AgreedCharges;
  waitingChargePer30Min: number | null;
  freeWaitingMinutes: number;
  /** Null: the request left it out (nothing agreed). */
  tolls: string | null;
  paymentTerms: string | null;
  /** The last day the fare may be paid (YYYY-MM-DD): 60 days counting the delivery day. */
  paymentDueBy: string;
  /**
   * For reference (参考, issue 45): the job's 標準的運賃 when issued, 税込, with the table it was read
   * from; or why the job has none. Absent from versions issued before it was added.
   */
  standardFareReference?: StandardFareReference;
}

export type StandardFareReference =
  | { covered: true; total: number; instrument: string; effectiveFrom: string; distanceKm: number; estimated: boolean }
  | { covered: false; message: string };

/** The reference line's facts, from the request's standard fare as its detail gives it. */
export function standardFareReferenceOf(fare: TRequestStandardFare): StandardFareReference {
  const f = fare.standardFare;
  if (!f.covered) return { covered: false, message: f.message };
  return {
    covered: true,
    total: f.total,
    instrument: f.version.instrument,
    effectiveFrom: f.version.effectiveFrom,
    distanceKm: f.distance.km,
    estimated: f.distance.estimated,
  };
}

export interface ApprovedBid {
  price: number;
  incidentalCharge: number | null;
  fuelSurcharge: number | null;
}

export interface IssueOf {
  version: number;
  supersedes: string | null;
  reason: IssueReason;
  issuedAt: Date;
}

/** 第TC-A1B2-C3D4号, then 第TC-A1B2-C3D4-2号 for the second version and so on. */
export const conditionsNumber = (requestItemId: string, version = 1) =>
  `TC-${requestReference(requestItemId)}${version > 1 ? `-${version}` : ''}`;

/** The days counted for the payment, the delivery day being the first (取適法: 60日以内, 初日算入). */
const PAYMENT_DAYS = 60;
const DAY_MS = 24 * 60 * 60 * 1000;
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

type Stops = TDeliveryItem['transports'];
const deliveries = (stops: Stops) => stops.filter((s) => s.transportType === 'DELIVERY');

/**
 * The payment's last day: 60 days counting the first day the last delivery may be made (so the
 * date is never more than 60 days after the service, whenever in its window it is done).
 */
export function paymentDueBy(stops: Stops): string {
  const last = deliveries(stops).at(-1) ?? stops.at(-1)!;
  return addDays(japanDay(last.timeFrom), PAYMENT_DAYS - 1);
}

/** The agreed charges: the contract's one computation of the money (chargesOf), for the approved bid. */
export const agreedCharges = (
  d: Pick<TDeliveryItem, 'incidentalWork' | 'incidentalCharge' | 'fuelSurcharge' | 'transports'>,
  bid: ApprovedBid,
): AgreedCharges => chargesOf(bid.price, bid, d);

export const formatAddress = (l: { prefecture: string; city: string; town: string; block: string; building: string | null }) =>
  `${l.prefecture}${l.city}${l.town}${l.block}${l.building ? ` ${l.building}` : ''}`;

/**
 * The content of one version of the document of an approved delivery (as its owner sees it):
 * `carrier` is the contracting company's profile, `actualCarrier` who carries the load now.
 */
export function transportConditionsOf(
  item: TRequestItemDetail,
  bid: ApprovedBid,
  parties: { carrier: CarrierParty; actualCarrier: { company: string; driver: string } },
  issue: IssueOf,
): TransportConditionsContent {
  const d = item.deliveryItem!;
  const customer = item.customer!;
  return {
    number: conditionsNumber(item.id, issue.version),
    version: issue.version,
    supersedes: issue.supersedes,
    reason: issue.reason,
    issuedAt: issue.issuedAt.toISOString(),
    shipper: {
      company: customer.companyName,
      name: customer.customerName,
      address: customer.address,
      phone: customer.phone,
      invoiceNo: customer.invoice,
    },
    carrier: parties.carrier,
    actualCarrier: parties.actualCarrier,
    consignees: deliveries(d.transports).map((s) => ({
      label: s.label,
      name: s.name,
      phone: s.phone,
      address: formatAddress(s.location),
    })),
    job: {
      reference: requestReference(item.id),
      baggageName: d.baggageName,
      pieces: d.totalAmount,
      totalWeightKg: d.totalWeight,
      vehicle: VehicleType.labels[d.vehicleType],
      temperature: TemperatureRange.labels[d.vehicleTemperatureRange],
      stops: d.transports.map((s) => ({ label: s.label, address: formatAddress(s.location), from: s.timeFrom, to: s.timeTo })),
    },
    incidentalWork: d.incidentalWork.map((w) => IncidentalWork.labels[w]),
    charges: agreedCharges(d, bid),
    waitingChargePer30Min: d.waitingChargePer30Min,
    freeWaitingMinutes: STOP_TIME_RULES.freeWaitingMinutes,
    tolls: d.tollsPaidBy === null ? null : TollsPaidBy.labels[d.tollsPaidBy],
    paymentTerms: d.paymentTerms,
    paymentDueBy: paymentDueBy(d.transports),
    ...(item.standardFareBreakdown ? { standardFareReference: standardFareReferenceOf(item.standardFareBreakdown) } : {}),
  };
}
