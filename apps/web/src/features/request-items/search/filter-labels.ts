/** The words of one active filter, as its chip on the results page shows it. */
import { PriceType, RequestType, SearchQuickFilter, TransportType, VehicleType } from '@logi/contract';
import { SEARCH_TEXT } from '../../../texts/request-items';
import { formatDate } from '../../../lib/format';
import type { ActiveFilter } from './search-params';

const { chip } = SEARCH_TEXT;

export function filterLabel(
  { field, value = '' }: ActiveFilter,
  filters: { keyword?: string; startDate?: string; endDate?: string; requestType?: keyof typeof RequestType.labels },
): string {
  switch (field) {
    case 'keyword':
      return chip.keyword(filters.keyword ?? '');
    case 'requestType':
      return filters.requestType ? RequestType.labels[filters.requestType] : '';
    case 'isNewArrival':
      return SearchQuickFilter.labels.NEW_ARRIVAL;
    case 'isNearDate':
      return SearchQuickFilter.labels.NEAR_DATE;
    case 'isWarehouse':
      return SearchQuickFilter.labels.WAREHOUSE;
    case 'shortWait':
      return SearchQuickFilter.labels.SHORT_WAIT;
    case 'transportType':
      return chip.transportType(TransportType.labels[value as keyof typeof TransportType.labels] ?? value);
    case 'vehicleType':
      return VehicleType.labels[value as keyof typeof VehicleType.labels] ?? value;
    case 'priceType':
      return PriceType.labels[value as keyof typeof PriceType.labels] ?? value;
    case 'pickupLocation':
      return chip.pickupLocation(value);
    case 'sendLocation':
      return chip.sendLocation(value);
    case 'warehouseLocation':
      return chip.warehouseLocation(value);
    case 'startDate':
      return chip.startDate(formatDate(filters.startDate ?? ''));
    case 'endDate':
      return chip.endDate(formatDate(filters.endDate ?? ''));
  }
}
