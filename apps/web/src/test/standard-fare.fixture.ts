/** A request's standard fare as the server answers it (decision 100), for the screens' tests. */
import type { TBidFareShare, TRequestStandardFare, TStandardFareFigure } from '@logi/contract';

/** A 4t run 東京都 → 大阪府 at 504.1 km (推定): 税抜 100,000円 to keep the shares easy to read. */
export function standardFare(overrides: { km?: number; estimated?: boolean; subtotal?: number } = {}): TRequestStandardFare {
  const { km = 504.1, estimated = true, subtotal = 100_000 } = overrides;
  const tax = Math.floor(subtotal / 10);
  return {
    standardFare: {
      covered: true,
      version: { id: '2024', instrument: '令和6年国土交通省告示第209号', effectiveFrom: '2024-03-22' },
      region: { id: 'kanto', name: '関東', authority: '関東運輸局' },
      vehicleClass: { id: 'medium', name: '中型車（4tクラス）' },
      distance: { km, fareKm: 520, estimated },
      fare: { code: 'FARE', label: '基本運賃（距離制）', amount: subtotal - 8_000, detail: '関東・中型車（4tクラス）・520km' },
      surcharges: [],
      charges: [],
      fuelSurcharge: { code: 'FUEL', label: '燃料サーチャージ', amount: 8_000, detail: '軽油 153.4円/L' },
      taxRate: '10%',
      subtotal,
      consumptionTax: tax,
      total: subtotal + tax,
      assumptions: [{ code: 'DISTANCE_ESTIMATED', text: '距離は市区町村の代表点から推定しています。' }],
    },
    distanceEstimate: { km: 504.1, estimated: true, placements: ['municipality', 'municipality'] },
    fuelPrice: { yenPerLitre: 153.4, effectiveFrom: '2025-07-14' },
    notes: [],
    lane: { pickupPrefecture: '東京都', deliveryPrefecture: '大阪府', vehicleClass: 'medium', distanceKm: 504.1 },
  };
}

export function figureOf(fare: TRequestStandardFare): TStandardFareFigure {
  const f = fare.standardFare;
  return f.covered
    ? { covered: true, subtotal: f.subtotal, total: f.total, estimated: f.distance.estimated }
    : { covered: false, message: f.message };
}

export const share = (percent: number, bidSubtotal: number, distanceKm: number | null = null): TBidFareShare => ({
  percent,
  bidSubtotal,
  standardSubtotal: Math.round((bidSubtotal * 100) / percent),
  distanceKm,
});
