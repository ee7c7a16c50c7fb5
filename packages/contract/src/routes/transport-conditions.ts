/** 運送条件書 (issue 16 item 1, decision 067). */
import { z } from 'zod';
import { CARRIERS, SHIPPER, def } from './route-def';
import { ZRequestItemIdParams } from '../schemas/request-items';

export const transportConditionsRoutes = {
  download: def({
    method: 'GET',
    path: '/request-items/:requestItemId/transport-conditions',
    summary: '運送条件書（PDF。承認時に発行。荷主・運送事業者・管理者のみ）',
    access: [...SHIPPER, ...CARRIERS, 'ADMIN'],
    params: ZRequestItemIdParams,
    produces: ['application/pdf'],
    response: z.string().describe('application/pdf'),
    errors: ['REQUEST_ITEM_NOT_FOUND', 'TRANSPORT_CONDITIONS_NOT_FOUND'],
  }),
} as const;
