import { describe, expect, it } from 'vitest';
import { chargesOf } from './charges';

describe('chargesOf', () => {
  it('adds the request’s charges to the fare', () => {
    expect(chargesOf(40000, {}, { incidentalCharge: 3000, fuelSurcharge: 1500 })).toEqual({
      fare: 40000,
      incidentalCharge: 3000,
      fuelSurcharge: 1500,
      total: 44500,
    });
  });

  it('takes a bid’s own charge over the request’s, charge by charge', () => {
    expect(chargesOf(38000, { incidentalCharge: 2000 }, { incidentalCharge: 3000, fuelSurcharge: 1500 })).toMatchObject({
      incidentalCharge: 2000,
      fuelSurcharge: 1500,
      total: 41500,
    });
    expect(chargesOf(38000, { fuelSurcharge: null }, { fuelSurcharge: 1500 }).fuelSurcharge).toBe(1500);
  });

  it('is the fare alone when no charge is named', () => {
    expect(chargesOf(35000)).toEqual({ fare: 35000, incidentalCharge: null, fuelSurcharge: null, total: 35000 });
  });
});
