/** The subscription's 適格請求書 and 領収書 (issue 46 item 1, decision 098). */
import { z } from 'zod';
import { def } from './route-def';
import { ZSubscriptionDocumentList, ZSubscriptionDocumentParams } from '../schemas/subscription-documents';

const MANAGER = ['DRIVER_MANAGER'] as const;

export const subscriptionDocumentRoutes = {
  list: def({
    method: 'GET',
    path: '/payments/documents',
    summary: '月額プランのお支払い済みの請求ごとの適格請求書・領収書（新しい順。自社の分のみ）',
    access: MANAGER,
    response: ZSubscriptionDocumentList,
  }),
  download: def({
    method: 'GET',
    path: '/payments/documents/:documentId/:kind',
    summary: '適格請求書（kind=invoice）または領収書（kind=receipt）のPDF。お支払いの記録時の内容のまま。自社のもの以外は404',
    access: MANAGER,
    params: ZSubscriptionDocumentParams,
    produces: ['application/pdf'],
    response: z.string().describe('application/pdf'),
    errors: ['SUBSCRIPTION_DOCUMENT_NOT_FOUND'],
  }),
} as const;
