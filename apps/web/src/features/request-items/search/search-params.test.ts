import { describe, expect, it } from 'vitest';
import { activeFilters, queryFromSearchParams, resultsPath, searchParamsFromQuery, withoutFilter } from './search-params';

const read = (search: string) => queryFromSearchParams(new URLSearchParams(search));

describe('search params ⇄ list query', () => {
  it('reads every filter of the market list, lists in the comma or the repeated form', () => {
    const query = read(
      'keyword=冷凍&requestType=DELIVERY&isNewArrival=true&isNearDate=true&isWarehouse=false' +
        '&transportType=TRANSIT&vehicleType=FOUR_T_TRUCK,COOL_TRUCK&pickupLocation=東京都千代田区' +
        '&sendLocation=神奈川県&sendLocation=大阪府大阪市&warehouseLocation=埼玉県&priceType=FIXED,ESTIMATION' +
        '&startDate=2026-11-01&endDate=2026-11-30&page=3',
    );
    expect(query).toEqual({
      page: 3,
      limit: 10,
      keyword: '冷凍',
      requestType: 'DELIVERY',
      isNewArrival: true,
      isNearDate: true,
      isWarehouse: false,
      transportType: ['TRANSIT'],
      vehicleType: ['FOUR_T_TRUCK', 'COOL_TRUCK'],
      pickupLocation: ['東京都千代田区'],
      sendLocation: ['神奈川県', '大阪府大阪市'],
      warehouseLocation: ['埼玉県'],
      priceType: ['FIXED', 'ESTIMATION'],
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });
  });

  it('defaults to page 1 and drops what does not validate instead of failing', () => {
    expect(read('')).toEqual({ page: 1, limit: 10 });
    expect(read('vehicleType=BICYCLE&page=-2&startDate=yesterday&keyword=箱')).toEqual({ page: 1, limit: 10, keyword: '箱' });
    // an end before the start drops the end
    expect(read('startDate=2026-11-30&endDate=2026-11-01')).toMatchObject({ startDate: '2026-11-30' });
    expect(read('startDate=2026-11-30&endDate=2026-11-01').endDate).toBeUndefined();
  });

  it('writes only what narrows the search, in a stable order, and reads back the same query', () => {
    const query = read('vehicleType=TWO_T_TRUCK,ONE_T_TRUCK&keyword=家具&isNearDate=true&isWarehouse=false&page=2');
    const params = searchParamsFromQuery(query);
    expect(params.toString()).toBe(
      new URLSearchParams({ keyword: '家具', isNearDate: 'true', vehicleType: 'TWO_T_TRUCK,ONE_T_TRUCK', page: '2' }).toString(),
    );
    expect(read(params.toString())).toEqual({ ...query, isWarehouse: undefined });
    expect(searchParamsFromQuery({ page: 1, limit: 10 }).toString()).toBe('');
  });

  it('lists one removable chip per value and removes exactly one', () => {
    const { page: _p, limit: _l, ...filters } = read('vehicleType=TWO_T_TRUCK,ONE_T_TRUCK&isNewArrival=true');
    expect(activeFilters(filters)).toEqual([
      { field: 'isNewArrival' },
      { field: 'vehicleType', value: 'TWO_T_TRUCK' },
      { field: 'vehicleType', value: 'ONE_T_TRUCK' },
    ]);
    const fewer = withoutFilter(filters, { field: 'vehicleType', value: 'TWO_T_TRUCK' });
    expect(resultsPath(fewer)).toBe('/shipping-requests/results?isNewArrival=true&vehicleType=ONE_T_TRUCK');
    expect(resultsPath(withoutFilter(fewer, { field: 'isNewArrival' }))).toBe(
      '/shipping-requests/results?vehicleType=ONE_T_TRUCK',
    );
  });
});
