/** The standard-fare data as the engine reads it, its versions, and the drive's shares of time. */
import { describe, expect, it } from 'vitest';
import { driveOfStops, driveShares } from './drive-time';
import { fuelUpliftYenPerL } from './fees';
import { fareClassOf } from './vehicle-class';
import { FARE_CLASSES, STANDARD_FARE_VERSIONS, fareRegionOf, standardFareVersionOn } from './table';
import { HOLIDAYS, jst } from './test-helpers';

const { table } = STANDARD_FARE_VERSIONS.at(-1)!;
const night = table.surcharges.lateNightEarlyMorning;

describe('the 2024 table', () => {
  it('maps each of the 47 prefectures to exactly one 運輸局', () => {
    const jis = table.regions.flatMap((r) => r.prefectures.map((p) => p.jis)).sort();
    expect(jis).toEqual(Array.from({ length: 47 }, (_, i) => String(i + 1).padStart(2, '0')));
    expect(table.regions).toHaveLength(10);
    expect(fareRegionOf(table, '兵庫県')?.name).toBe('近畿');
    expect(fareRegionOf(table, '山梨県')?.name).toBe('関東');
    expect(fareRegionOf(table, '福井県')?.name).toBe('中部');
  });

  it('has ascending distance rows for every region and class', () => {
    for (const region of table.regions) {
      const fares = table.distanceFares.regions[region.id]!;
      for (const c of FARE_CLASSES) {
        const rows = fares.rows[c];
        expect(rows.length).toBeGreaterThanOrEqual(20);
        for (let i = 1; i < rows.length; i++) expect(rows[i]![0]!).toBeGreaterThan(rows[i - 1]![0]!);
      }
    }
  });

  it('takes the fuel uplift from the 5-yen bands (the table’s own examples)', () => {
    expect(fuelUpliftYenPerL(table, 120)).toBe(0);
    expect(fuelUpliftYenPerL(table, 121)).toBe(2.5);
    expect(fuelUpliftYenPerL(table, 125)).toBe(2.5);
    expect(fuelUpliftYenPerL(table, 147)).toBe(27.5);
    expect(fuelUpliftYenPerL(table, 205)).toBe(82.5);
  });
});

describe('versions', () => {
  it('picks the version in force on a day', () => {
    expect(standardFareVersionOn('2024-03-21')).toBeNull();
    expect(standardFareVersionOn('2024-03-22')?.id).toBe('2024');
    expect(standardFareVersionOn('2030-01-01')?.id).toBe('2024');
  });
});

describe('vehicle classes', () => {
  it('maps the product’s vehicle types', () => {
    expect(fareClassOf('ONE_T_TRUCK', 500)).toEqual({ covered: true, fareClass: 'small', byWeight: false });
    expect(fareClassOf('TWO_T_TRUCK', 500)).toEqual({ covered: true, fareClass: 'small', byWeight: false });
    expect(fareClassOf('FOUR_T_TRUCK', 500)).toEqual({ covered: true, fareClass: 'medium', byWeight: false });
    expect(fareClassOf('TEN_T_TRUCK', 500)).toEqual({ covered: true, fareClass: 'large', byWeight: false });
    expect(fareClassOf('LIGHT_TRUCK', 100)).toEqual({ covered: false, reason: 'LIGHT_VEHICLE' });
  });

  it.each([
    [2_000, 'small'],
    [2_001, 'medium'],
    [4_000, 'medium'],
    [4_001, 'large'],
    [10_000, 'large'],
    [10_001, 'trailer'],
    [20_000, 'trailer'],
  ])('荷物に合わせる: %i kg → %s', (kg, fareClass) => {
    expect(fareClassOf('VEHICLE_BY_LOAD', kg)).toEqual({ covered: true, fareClass, byWeight: true });
  });
});

describe('the drive’s shares of holiday and night time (Japan time)', () => {
  it('a weekday daytime drive has neither', () => {
    expect(driveShares(jst('2026-12-02', '09:00'), jst('2026-12-02', '17:00'), HOLIDAYS, night)).toEqual({
      holiday: 0,
      night: 0,
    });
  });

  it('a drive from 04:00 to 06:00 is half night', () => {
    expect(driveShares(jst('2026-12-02', '04:00'), jst('2026-12-02', '06:00'), HOLIDAYS, night)).toEqual({
      holiday: 0,
      night: 0.5,
    });
  });

  it('a drive ending on a public holiday counts its part on that day', () => {
    // 2027-01-11 is 成人の日 (Monday): 23:00 Sunday → 01:00 Monday is all holiday and all night.
    expect(driveShares(jst('2027-01-10', '23:00'), jst('2027-01-11', '01:00'), HOLIDAYS, night)).toEqual({
      holiday: 1,
      night: 1,
    });
    // 2027-01-11 22:00 → 2027-01-12 02:00: half on the holiday.
    expect(driveShares(jst('2027-01-11', '22:00'), jst('2027-01-12', '02:00'), HOLIDAYS, night)).toEqual({
      holiday: 0.5,
      night: 1,
    });
  });

  it('a route’s drive runs from its first stop’s earliest time to its last stop’s latest', () => {
    const stops = [
      { timeFrom: jst('2026-12-02', '09:00'), timeTo: jst('2026-12-02', '12:00') },
      { timeFrom: jst('2026-12-02', '14:00'), timeTo: jst('2026-12-02', '17:00') },
    ];
    expect(driveOfStops(stops)).toEqual({ from: stops[0]!.timeFrom, to: stops[1]!.timeTo });
    expect(driveOfStops([])).toBeNull();
  });

  it('a drive of no length counts as its moment', () => {
    expect(driveShares(jst('2026-12-06', '23:30'), jst('2026-12-06', '23:30'), HOLIDAYS, night)).toEqual({
      holiday: 1,
      night: 1,
    });
  });
});
