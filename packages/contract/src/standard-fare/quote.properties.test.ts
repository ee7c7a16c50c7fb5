/** Properties of the tables and the engine over every region and class (fast-check). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { distanceFareYen, fareDistanceKm } from './distance-fare';
import type { StandardFareInput } from './breakdown';
import { standardFare } from './quote';
import { FARE_CLASSES, STANDARD_FARE_VERSIONS } from './table';
import { job } from './test-helpers';

const { table } = STANDARD_FARE_VERSIONS.at(-1)!;
const regions = Object.keys(table.distanceFares.regions);
/** The farthest distance a region's table covers (Okinawa's stops at 300 km). */
const reach = (region: string) => (region === 'okinawa' ? 300 : 2_000);
const fareAt = (region: string, fareClass: (typeof FARE_CLASSES)[number], km: number) => {
  const fares = table.distanceFares.regions[region]!;
  return distanceFareYen(fares, fareClass, fareDistanceKm(table, fares, km));
};

describe('the fare never decreases as the distance grows', () => {
  it('distance fares, every region and class', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...regions),
        fc.constantFrom(...FARE_CLASSES),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (region, fareClass, a, b) => {
          const [near, far] = [Math.min(a, b) * reach(region), Math.max(a, b) * reach(region)];
          expect(fareAt(region, fareClass, far)!).toBeGreaterThanOrEqual(fareAt(region, fareClass, near)!);
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('the whole breakdown, with surcharges and fees', () => {
    const prefectures = table.regions.filter((r) => r.id !== 'okinawa').flatMap((r) => r.prefectures.map((p) => p.name));
    fc.assert(
      fc.property(
        fc.constantFrom(...prefectures),
        fc.constantFrom<StandardFareInput['vehicleType']>(
          'ONE_T_TRUCK',
          'TWO_T_TRUCK',
          'FOUR_T_TRUCK',
          'TEN_T_TRUCK',
          'COOL_TRUCK',
        ),
        fc.double({ min: 0, max: 1_500, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.boolean(),
        (pickupPrefecture, vehicleType, km, more, subcontracted) => {
          const at = (distanceKm: number) =>
            standardFare(
              job({
                pickupPrefecture,
                vehicleType,
                distance: { km: distanceKm, estimated: true },
                subcontracted,
                fuel: { priceYenPerL: 160 },
              }),
            );
          const near = at(km);
          const far = at(km + more);
          if (!near.covered || !far.covered) throw new Error('covered');
          expect(far.total).toBeGreaterThanOrEqual(near.total);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('a larger class never costs less at the same distance', () => {
  it('small ≤ medium ≤ large ≤ trailer, every region', () => {
    fc.assert(
      fc.property(fc.constantFrom(...regions), fc.double({ min: 0, max: 1, noNaN: true }), (region, share) => {
        const km = share * reach(region);
        const fares = FARE_CLASSES.map((c) => fareAt(region, c, km)!);
        expect(fares).toEqual([...fares].sort((x, y) => x - y));
      }),
      { numRuns: 2_000 },
    );
  });

  it('waiting and handling fees grow with the class too', () => {
    const perClass = [
      table.waitingFees.perUnit,
      table.waitingFees.perUnitWhenOver2h,
      table.handlingFees.machine.perUnit,
      table.handlingFees.machine.perUnitWhenOver2h,
      table.handlingFees.manual.perUnit,
      table.handlingFees.manual.perUnitWhenOver2h,
    ];
    for (const rates of perClass) {
      const values = FARE_CLASSES.map((c) => rates[c]);
      expect(values).toEqual([...values].sort((x, y) => x - y));
    }
  });
});
