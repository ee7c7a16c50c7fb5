/**
 * What a delivery's carrier is paid, the one computation behind the confirmation dialogs, the
 * detail's agreed charges and the 運送条件書 (decisions 084, 086): the fare, the 附帯業務 charge
 * and the fuel surcharge, all excluding tax (税抜). A bid's own charge wins over the request's;
 * a 附帯業務 charge counts only when 附帯業務 was asked for (null: included in the fare). The tax
 * is taken once over the sum, at the rate in force on the first pickup's day. The 待機料金 and
 * the tolls arise only as the job runs and are never part of it.
 */
import { standardRateOn, taxBreakdown } from './consumption-tax';

export interface ChargeTerms {
  incidentalCharge?: number | null;
  fuelSurcharge?: number | null;
}

/** The request's side: its charges, its 附帯業務 and its stops (the first one dates the tax rate). */
export interface RequestChargeTerms extends ChargeTerms {
  incidentalWork: readonly string[];
  transports: readonly { timeFrom: string }[];
}

export interface Charges {
  fare: number;
  incidentalCharge: number | null;
  fuelSurcharge: number | null;
  /** The consumption tax rate applied, e.g. 10%. */
  taxRate: string;
  /** 小計（税抜）. */
  subtotal: number;
  consumptionTax: number;
  /** 合計（税込）. */
  total: number;
}

const JST_MS = 9 * 60 * 60 * 1000;
/** The Japan-time day (YYYY-MM-DD) of an instant. */
export const japanDay = (at: string | Date) => new Date(new Date(at).getTime() + JST_MS).toISOString().slice(0, 10);

export function chargesOf(fare: number, bid: ChargeTerms, request: RequestChargeTerms): Charges {
  const incidentalCharge =
    request.incidentalWork.length === 0 ? null : (bid.incidentalCharge ?? request.incidentalCharge ?? null);
  const fuelSurcharge = bid.fuelSurcharge ?? request.fuelSurcharge ?? null;
  const firstStop = request.transports[0];
  const rate = standardRateOn(japanDay(firstStop ? firstStop.timeFrom : new Date()));
  const taxed = taxBreakdown([fare, incidentalCharge ?? 0, fuelSurcharge ?? 0].map((amount) => ({ amount, rate })));
  return {
    fare,
    incidentalCharge,
    fuelSurcharge,
    taxRate: rate.label,
    subtotal: taxed.subtotal,
    consumptionTax: taxed.tax,
    total: taxed.total,
  };
}
