import { describe, expect, it } from 'vitest';
import { chargesOf, japanDay } from './charges';

const stops = [{ timeFrom: '2026-12-01T01:00:00.000Z' }];
const request = { incidentalWork: ['LOADING'], incidentalCharge: 3000, fuelSurcharge: 1500, transports: stops };

describe('chargesOf', () => {
  it('adds the request’s charges to the fare, excluding tax, and the 10% tax once over the sum', () => {
    expect(chargesOf(40000, {}, request)).toEqual({
      fare: 40000,
      incidentalCharge: 3000,
      fuelSurcharge: 1500,
      taxRate: '10%',
      subtotal: 44500,
      consumptionTax: 4450,
      total: 48950,
    });
  });

  it('takes a bid’s own charge over the request’s, charge by charge', () => {
    expect(chargesOf(38000, { incidentalCharge: 2000 }, request)).toMatchObject({
      incidentalCharge: 2000,
      fuelSurcharge: 1500,
      subtotal: 41500,
    });
    expect(chargesOf(38000, { fuelSurcharge: null }, request).fuelSurcharge).toBe(1500);
  });

  it('counts no 附帯業務 charge when no 附帯業務 was asked for', () => {
    expect(chargesOf(35000, { incidentalCharge: 2000 }, { ...request, incidentalWork: [] })).toMatchObject({
      incidentalCharge: null,
      subtotal: 36500,
    });
  });

  it('rounds the tax down to whole yen', () => {
    expect(chargesOf(35005, {}, { incidentalWork: [], transports: stops })).toMatchObject({
      subtotal: 35005,
      consumptionTax: 3500,
      total: 38505,
    });
  });

  it('dates the rate by the first pickup’s day in Japan', () => {
    expect(japanDay('2026-11-30T15:00:00.000Z')).toBe('2026-12-01');
    expect(japanDay('2026-11-30T14:59:59.000Z')).toBe('2026-11-30');
  });
});
