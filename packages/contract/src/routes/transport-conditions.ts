/** 運送条件書 (decisions 067, 084). */
import { z } from 'zod';
import { CARRIERS, SHIPPER, def } from './route-def';
import { ZRequestItemIdParams, ZTransportConditionsQuery } from '../schemas/request-items';

export const transportConditionsRoutes = {
  download: def({
    method: 'GET',
    path: '/request-items/:requestItemId/transport-conditions',
    summary:
      '運送条件書（PDF。承認時に第1版、運転者の指定・変更のたびに新しい版を発行。version 省略時は最新版。荷主・運送事業者（自社ドライバーの案件を含む）・管理者のみ）',
    access: [...SHIPPER, ...CARRIERS, 'ADMIN'],
    params: ZRequestItemIdParams,
    query: ZTransportConditionsQuery,
    produces: ['application/pdf'],
    response: z.string().describe('application/pdf'),
    errors: ['REQUEST_ITEM_NOT_FOUND', 'TRANSPORT_CONDITIONS_NOT_FOUND'],
  }),
} as const;
