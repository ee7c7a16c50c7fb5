/**
 * What a delivery's carrier is paid (decision 067, issue 43 item 18): the fare, the 附帯業務
 * charge and the fuel surcharge. A bid may name its own charges; where it does not, the
 * request's conditions hold. A charge that is null is none (or, for 附帯業務, included in the
 * fare), so the total is the sum of what is named. The 待機料金 and the tolls arise only as
 * the job runs and are never part of it. Pure: the confirmation dialogs show it.
 */
export interface ChargeTerms {
  incidentalCharge?: number | null;
  fuelSurcharge?: number | null;
}

export interface Charges {
  fare: number;
  incidentalCharge: number | null;
  fuelSurcharge: number | null;
  total: number;
}

export function chargesOf(fare: number, bid: ChargeTerms = {}, request: ChargeTerms = {}): Charges {
  const incidentalCharge = bid.incidentalCharge ?? request.incidentalCharge ?? null;
  const fuelSurcharge = bid.fuelSurcharge ?? request.fuelSurcharge ?? null;
  return { fare, incidentalCharge, fuelSurcharge, total: fare + (incidentalCharge ?? 0) + (fuelSurcharge ?? 0) };
}
