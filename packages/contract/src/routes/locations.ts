/** The locations calls of the route table. */
import { def } from './route-def';
import { ZLocationQuery, ZPostalLookupResult } from '../schemas/locations';

export const locationRoutes = {
  lookup: def({
    method: 'GET',
    path: '/locations',
    summary: '郵便番号から住所を検索',
    access: 'public',
    query: ZLocationQuery,
    response: ZPostalLookupResult,
    errors: ['POSTAL_CODE_NOT_FOUND'],
  }),
} as const;
