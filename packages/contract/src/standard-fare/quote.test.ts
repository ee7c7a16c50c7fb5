/**
 * The engine against worked examples computed by hand from the 2024 table
 * (datasets/standard-fares/2024/standard-fares-2024.json). Each comment names the rows used.
 * Tax: 10 % of the subtotal, fraction of a yen dropped.
 */
import { describe, expect, it } from 'vitest';
import { jst, job } from './test-helpers';
import type { StandardFareBreakdown, StandardFareInput } from './breakdown';
import { standardFare } from './quote';

function quote(input: Partial<StandardFareInput>): StandardFareBreakdown {
  const result = standardFare(job(input));
  if (!result.covered) throw new Error(result.message);
  return result;
}
const amounts = (q: StandardFareBreakdown) => ({
  fare: q.fare.amount,
  surcharges: Object.fromEntries(q.surcharges.map((s) => [s.code, s.amount])),
  charges: Object.fromEntries(q.charges.map((c) => [c.code, c.amount])),
  fuel: q.fuelSurcharge?.amount ?? null,
  subtotal: q.subtotal,
  tax: q.consumptionTax,
  total: q.total,
});
const codes = (q: StandardFareBreakdown) => q.assumptions.map((a) => a.code);

describe('distance fares of two regions and two classes', () => {
  it('関東, 2t, short: 35 km rounds up to 40 km', () => {
    // kanto.rows.small [40, 21550]. Tax 2,155.
    const q = quote({ pickupPrefecture: '東京都', vehicleType: 'TWO_T_TRUCK', distance: { km: 35, estimated: false } });
    expect(amounts(q)).toEqual({
      fare: 21_550,
      surcharges: {},
      charges: {},
      fuel: null,
      subtotal: 21_550,
      tax: 2_155,
      total: 23_705,
    });
    expect(q.region).toEqual({ id: 'kanto', name: '関東', authority: '関東運輸局' });
    expect(q.vehicleClass).toEqual({ id: 'small', name: '小型車（2tクラス）' });
    expect(q.distance).toEqual({ km: 35, fareKm: 40, estimated: false });
    expect(q.fare.detail).toBe('関東運輸局・小型車（2tクラス）・40km');
    expect(q.version).toEqual({
      id: '2024',
      instrument: expect.stringContaining('令和6年国土交通省告示第209号'),
      effectiveFrom: '2024-03-22',
    });
    expect(q.taxRate).toBe('10%');
  });

  it('関東, 10t, short: 12 km rounds up to 20 km', () => {
    // kanto.rows.large [20, 26110]. Tax 2,611.
    const q = quote({ vehicleType: 'TEN_T_TRUCK', totalWeightKg: 8_000, distance: { km: 12, estimated: false } });
    expect(amounts(q)).toMatchObject({ fare: 26_110, subtotal: 26_110, tax: 2_611, total: 28_721 });
  });

  it('九州, 10t, long: 180 km is its own row', () => {
    // kyushu.rows.large [180, 67620]. Tax 6,762.
    const q = quote({ pickupPrefecture: '福岡県', vehicleType: 'TEN_T_TRUCK', distance: { km: 180, estimated: false } });
    expect(amounts(q)).toMatchObject({ fare: 67_620, subtotal: 67_620, tax: 6_762, total: 74_382 });
    expect(q.distance.fareKm).toBe(180);
    expect(codes(q)).not.toContain('DISTANCE_ROUNDED');
    // 九州's table is checked against the 官報 transcription: no unverified-table note.
    expect(codes(q)).not.toContain('REGION_UNVERIFIED');
  });

  it('九州, 2t, long over 200 km: 437 km rounds up to 440 km', () => {
    // kyushu.rows.small [200, 45990] + additions[0].yen.small 3,390 × (440 − 200) / 20 = 12 × 3,390 = 40,680
    // → 86,670. Tax 8,667.
    const q = quote({ pickupPrefecture: '熊本県', distance: { km: 437, estimated: false } });
    expect(amounts(q)).toMatchObject({ fare: 86_670, tax: 8_667, total: 95_337 });
  });

  it('a region checked against one source only says so', () => {
    // kinki.rows.medium [100, 36280].
    const q = quote({ pickupPrefecture: '大阪府', vehicleType: 'FOUR_T_TRUCK', distance: { km: 95, estimated: false } });
    expect(q.fare.amount).toBe(36_280);
    expect(q.assumptions.find((a) => a.code === 'REGION_UNVERIFIED')?.text).toContain('近畿運輸局');
  });
});

describe('distances at the table’s steps', () => {
  it('200 km is the last row; just past it adds one 20 km step', () => {
    // kanto.rows.medium [200, 60360]; 200.5 km → 220 km: 60,360 + 1 × additions[0].yen.medium 4,380 = 64,740.
    expect(quote({ vehicleType: 'FOUR_T_TRUCK', distance: { km: 200, estimated: false } }).fare.amount).toBe(60_360);
    const past = quote({ vehicleType: 'FOUR_T_TRUCK', distance: { km: 200.5, estimated: false } });
    expect(past.distance.fareKm).toBe(220);
    expect(past.fare.amount).toBe(64_740);
  });

  it('500 km ends the 20 km steps; just past it adds one 50 km step (the README’s 182,480 yen)', () => {
    // kanto.rows.large [200, 80110] + 15 × additions[0].yen.large 5,850 = 167,860 at 500 km;
    // 504.6 km → 550 km: + 1 × additions[1].yen.large 14,620 = 182,480 (the JTA calculator's result).
    expect(quote({ vehicleType: 'TEN_T_TRUCK', distance: { km: 500, estimated: false } }).fare.amount).toBe(167_860);
    const past = quote({ vehicleType: 'TEN_T_TRUCK', distance: { km: 504.6, estimated: false } });
    expect(past.distance.fareKm).toBe(550);
    expect(past.fare.amount).toBe(182_480);
    expect(past.assumptions.find((a) => a.code === 'DISTANCE_ROUNDED')?.text).toBe(
      '距離504.6kmを運賃表の刻みに切り上げ、550kmで計算しています。',
    );
  });

  it('Okinawa: up to 5 km is its 5 km row; beyond its 300 km there is no standard fare', () => {
    // okinawa.rows.small [5, 11600].
    expect(quote({ pickupPrefecture: '沖縄県', distance: { km: 3, estimated: false } }).fare.amount).toBe(11_600);
    // okinawa.rows.small [200, 43300] + 5 × 3,200 (unverified addition) = 59,300 at 300 km.
    const far = quote({ pickupPrefecture: '沖縄県', distance: { km: 300, estimated: false } });
    expect(far.fare.amount).toBe(59_300);
    expect(codes(far)).toContain('ADDITION_UNVERIFIED');
    const beyond = standardFare(job({ pickupPrefecture: '沖縄県', distance: { km: 301, estimated: false } }));
    expect(beyond).toMatchObject({ covered: false, reason: 'DISTANCE_BEYOND_TABLE' });
  });
});

describe('surcharges on the distance driven then', () => {
  it('a night run: half of a 20:00–24:00 drive falls in 22:00–05:00', () => {
    // kanto.rows.large [100, 50480]; night 20 % × 2 h / 4 h: 50,480 × 0.2 × 0.5 = 5,048.
    // Subtotal 55,528, tax 5,552 (5,552.8 dropped to the yen), total 61,080.
    const q = quote({
      vehicleType: 'TEN_T_TRUCK',
      distance: { km: 100, estimated: false },
      drive: { from: jst('2026-12-02', '20:00'), to: jst('2026-12-03', '00:00') },
    });
    expect(amounts(q)).toMatchObject({ fare: 50_480, surcharges: { NIGHT: 5_048 }, subtotal: 55_528, tax: 5_552, total: 61_080 });
    expect(q.surcharges[0]!.detail).toBe('基本運賃の20%×走行の50%');
  });

  it('a holiday run: all of a drive on 元日 (a Friday)', () => {
    // kyushu.rows.small [150, 37460]; holiday 20 % × 1 = 7,492. Subtotal 44,952, tax 4,495, total 49,447.
    const q = quote({
      pickupPrefecture: '福岡県',
      distance: { km: 150, estimated: false },
      drive: { from: jst('2027-01-01', '09:00'), to: jst('2027-01-01', '13:00') },
    });
    expect(amounts(q)).toMatchObject({
      fare: 37_460,
      surcharges: { HOLIDAY: 7_492 },
      subtotal: 44_952,
      tax: 4_495,
      total: 49_447,
    });
  });

  it('a Saturday-night drive into Sunday: holiday from midnight, night until 05:00', () => {
    // 2026-12-05 (Sat) 22:00 → 12-06 (Sun) 06:00, 8 h: Sunday 6 h (75 %), night 22:00–05:00 7 h (87.5 %).
    // kanto.rows.small [60, 25400]: holiday 25,400 × 0.2 × 0.75 = 3,810; night 25,400 × 0.2 × 0.875 = 4,445.
    const q = quote({
      distance: { km: 60, estimated: false },
      drive: { from: jst('2026-12-05', '22:00'), to: jst('2026-12-06', '06:00') },
    });
    expect(amounts(q).surcharges).toEqual({ HOLIDAY: 3_810, NIGHT: 4_445 });
  });

  it('surcharges add up on the fare, never compound: Sunday night, frozen', () => {
    // kanto.rows.large [100, 50480] on Sunday 2026-12-06 20:00–24:00, a frozen load:
    // holiday 50,480 × 0.2 = 10,096; night × 0.5 = 5,048; refrigerated 50,480 × 0.2 = 10,096 → 75,720.
    const q = quote({
      vehicleType: 'TEN_T_TRUCK',
      temperatureRange: 'FROZEN',
      distance: { km: 100, estimated: false },
      drive: { from: jst('2026-12-06', '20:00'), to: jst('2026-12-07', '00:00') },
    });
    expect(amounts(q).surcharges).toEqual({ HOLIDAY: 10_096, NIGHT: 5_048, REFRIGERATED: 10_096 });
    expect(q.subtotal).toBe(75_720);
    expect(codes(q)).toEqual(expect.arrayContaining(['SURCHARGES_ADDED', 'SHARE_BY_TIME', 'REFRIGERATED']));
  });

  it('a refrigerated truck for 3,000 kg is a 4t-class truck with the refrigerated surcharge', () => {
    // 3,000 kg → medium (up to 4,000 kg). kanto.rows.medium [60, 29360]; refrigerated 20 % = 5,872.
    // Subtotal 35,232, tax 3,523, total 38,755.
    const q = quote({ vehicleType: 'COOL_TRUCK', totalWeightKg: 3_000, distance: { km: 55, estimated: false } });
    expect(q.vehicleClass.id).toBe('medium');
    expect(amounts(q)).toMatchObject({
      fare: 29_360,
      surcharges: { REFRIGERATED: 5_872 },
      subtotal: 35_232,
      tax: 3_523,
      total: 38_755,
    });
    expect(q.assumptions.find((a) => a.code === 'CLASS_FROM_WEIGHT')?.text).toBe(
      '車種「冷蔵冷凍車」のため、総重量3,000kgを積める中型車（4tクラス）として計算しています。',
    );
  });
});

describe('waiting and handling per 30 minutes', () => {
  it('under two hours: 75 min waiting bills 45 min (2 units), 30 min by hand 1 unit', () => {
    // kanto.rows.small [50, 23480]; waitingFees.perUnit.small 1,680 × 2 = 3,360;
    // handlingFees.manual.perUnit.small 2,000 × 1. 3 units ≤ 4: normal rates.
    // Subtotal 28,840, tax 2,884, total 31,724.
    const q = quote({ distance: { km: 50, estimated: false }, waitingMinutes: 75, handling: { minutes: 30, method: 'manual' } });
    expect(amounts(q)).toMatchObject({
      charges: { WAITING: 3_360, HANDLING: 2_000 },
      subtotal: 28_840,
      tax: 2_884,
      total: 31_724,
    });
    expect(codes(q)).toContain('WAITING_FIRST_30_FREE');
    expect(codes(q)).not.toContain('OVER_TWO_HOURS');
  });

  it('over two hours: the units past the fourth take the over-2-hour rates', () => {
    // kanto.rows.large [50, 35250]; waiting 150 min → 120 billed → 4 units × perUnit.large 1,890 = 7,560;
    // forklift 60 min → 2 units, both past the fourth: machine.perUnitWhenOver2h.large 2,810 × 2 = 5,620.
    // Subtotal 48,430, tax 4,843, total 53,273.
    const q = quote({
      vehicleType: 'TEN_T_TRUCK',
      distance: { km: 50, estimated: false },
      waitingMinutes: 150,
      handling: { minutes: 60, method: 'machine' },
    });
    expect(amounts(q)).toMatchObject({
      charges: { WAITING: 7_560, HANDLING: 5_620 },
      subtotal: 48_430,
      tax: 4_843,
      total: 53_273,
    });
    expect(q.charges.find((c) => c.code === 'HANDLING')!.detail).toBe('30分×2回×2,810円（2時間超の単価）');
    expect(codes(q)).toContain('OVER_TWO_HOURS');
  });

  it('waiting of 30 minutes or less bills nothing', () => {
    expect(quote({ waitingMinutes: 30 }).charges).toEqual([]);
  });
});

describe('add-ons', () => {
  it('subcontracting fee and fuel surcharge', () => {
    // kyushu.rows.medium [80, 29890]; 利用運送手数料 10 % = 2,989.
    // Diesel 147 yen/L: band (145, 150] → uplift 27.5 yen/L (the table's example); 80 km ÷ 5 km/L
    // (assumed, medium) × 27.5 = 440. Subtotal 33,319, tax 3,331, total 36,650.
    const q = quote({
      pickupPrefecture: '佐賀県',
      vehicleType: 'FOUR_T_TRUCK',
      distance: { km: 80, estimated: false },
      subcontracted: true,
      fuel: { priceYenPerL: 147, setOn: '2026-11-01' },
    });
    expect(amounts(q)).toMatchObject({
      charges: { SUBCONTRACTING: 2_989 },
      fuel: 440,
      subtotal: 33_319,
      tax: 3_331,
      total: 36_650,
    });
    expect(q.fuelSurcharge!.detail).toBe('80km÷5km/L×27.5円/L');
    expect(q.assumptions.find((a) => a.code === 'FUEL_PRICE')?.text).toBe(
      '軽油価格147円/L（2026-11-01設定）から、基準価格120円/Lに対する上昇額27.5円/Lを用いています。',
    );
    expect(codes(q)).toContain('FUEL_EFFICIENCY_ASSUMED');
  });

  it('the subcontracting fee is on the fare with its surcharges; the carrier’s own km/L wins', () => {
    // kanto.rows.small [40, 21550] + refrigerated 4,310 = 25,860 → fee 2,586.
    // Diesel 121 → uplift 2.5; 35 km ÷ 8 km/L × 2.5 = 10.9375 → 11 (rounded up).
    const q = quote({ temperatureRange: 'REFRIGERATED', subcontracted: true, fuel: { priceYenPerL: 121, kmPerL: 8 } });
    expect(amounts(q)).toMatchObject({ surcharges: { REFRIGERATED: 4_310 }, charges: { SUBCONTRACTING: 2_586 }, fuel: 11 });
    expect(codes(q)).toContain('FUEL_EFFICIENCY_GIVEN');
  });

  it('no fuel price: no fuel surcharge, and it says so', () => {
    const q = quote({});
    expect(q.fuelSurcharge).toBeNull();
    expect(codes(q)).toContain('NO_FUEL_PRICE');
  });
});

describe('region and coverage', () => {
  it('the carrier’s registered 運輸局 wins over the pickup’s', () => {
    // kinki.rows.small [40, 20630].
    const q = quote({ pickupPrefecture: '東京都', carrierRegionId: 'kinki' });
    expect(q.fare.amount).toBe(20_630);
    expect(codes(q)).toContain('REGION_FROM_CARRIER');
  });

  it('a prefecture by JIS code works as by name', () => {
    expect(quote({ pickupPrefecture: '28' }).region.id).toBe('kinki');
  });

  it.each([
    [
      { vehicleType: 'LIGHT_TRUCK' as const },
      'LIGHT_VEHICLE',
      '軽車両は標準的運賃の対象外です（告示の運賃表は小型車〜トレーラーのみ）。',
    ],
    [
      { vehicleType: 'VEHICLE_BY_LOAD' as const, totalWeightKg: 25_000 },
      'TOO_HEAVY',
      expect.stringContaining('トレーラー20tクラス'),
    ],
    [
      { drive: { from: jst('2024-03-21', '09:00'), to: jst('2024-03-21', '12:00') } },
      'NO_TABLE',
      '2024-03-21に適用される標準的運賃の表がありません。',
    ],
    [{ pickupPrefecture: '東京' }, 'UNKNOWN_PREFECTURE', expect.stringContaining('「東京」')],
  ])('not covered: %o → %s', (input, reason, message) => {
    expect(standardFare(job(input))).toEqual({ covered: false, reason, message });
  });

  it('an estimate that placed a stop only near its municipality says so', () => {
    const q = quote({ distance: { km: 35, estimated: true, placements: ['municipality', 'nearby'] } });
    expect(codes(q)).toEqual(expect.arrayContaining(['DISTANCE_ESTIMATED', 'DISTANCE_PLACES_APPROXIMATE']));
    expect(codes(quote({ distance: { km: 35, estimated: true, placements: ['municipality'] } }))).not.toContain(
      'DISTANCE_PLACES_APPROXIMATE',
    );
  });

  it('every assumption is Japanese text, and the estimate is marked', () => {
    const q = quote({ distance: { km: 35, estimated: true } });
    expect(codes(q)).toContain('DISTANCE_ESTIMATED');
    for (const a of q.assumptions) expect(a.text).toMatch(/[ぁ-んァ-ン一-龯]/);
  });
});
