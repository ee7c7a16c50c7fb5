/** The carrier's invoices to the shipper (issue 46; decisions 090, 094). */
import { z } from 'zod';
import type { ErrorCode } from '../messages';
import { CARRIERS, SHIPPER, def } from './route-def';
import { ZMessageResponse } from '../schemas/common';
import { ZRequestItemIdParams } from '../schemas/request-items';
import {
  ZInvoice,
  ZInvoiceCorrection,
  ZInvoiceIdParams,
  ZInvoiceLinesBody,
  ZInvoiceList,
  ZInvoiceListQuery,
  ZInvoicePaymentBody,
  ZStatementBody,
  ZStatementShipperList,
} from '../schemas/invoices';

const PARTIES = [...SHIPPER, ...CARRIERS, 'ADMIN'] as const;

/** A receipt image attached to a line goes through the files module's one check. */
const RECEIPT_FILE_ERRORS = [
  'FILE_NOT_FOUND',
  'FILE_NOT_UPLOADED',
  'FILE_ALREADY_ATTACHED',
  'FILE_KIND_NOT_ALLOWED',
] as const satisfies readonly ErrorCode[];

export const invoiceRoutes = {
  listInvoices: def({
    method: 'GET',
    path: '/invoices',
    summary:
      '請求書の一覧（運送事業者は自社が発行したもの・下書き、荷主は受け取った発行済みのもの、管理者はすべて。取引年月日・取引金額の範囲と取引先で検索）',
    access: PARTIES,
    query: ZInvoiceListQuery,
    response: ZInvoiceList,
  }),
  jobInvoices: def({
    method: 'GET',
    path: '/request-items/:requestItemId/invoices',
    summary: '案件の請求書（下書きは運送事業者と管理者のみ。当事者・管理者以外は404）',
    access: PARTIES,
    params: ZRequestItemIdParams,
    response: ZInvoiceList,
    errors: ['REQUEST_ITEM_NOT_FOUND'],
  }),
  invoice: def({
    method: 'GET',
    path: '/invoices/:invoiceId',
    summary: '請求書の明細（当事者と管理者のみ。荷主には発行済みのみ）',
    access: PARTIES,
    params: ZInvoiceIdParams,
    response: ZInvoice,
    errors: ['INVOICE_NOT_FOUND'],
  }),
  invoicePdf: def({
    method: 'GET',
    path: '/invoices/:invoiceId/pdf',
    summary: '請求書のPDF（発行済みは発行時のまま。下書きは運送事業者の確認用）',
    access: PARTIES,
    params: ZInvoiceIdParams,
    produces: ['application/pdf'],
    response: z.string().describe('application/pdf'),
    errors: ['INVOICE_NOT_FOUND'],
  }),
  setInvoiceLines: def({
    method: 'PUT',
    path: '/invoices/:invoiceId/lines',
    summary: '下書きの明細の変更（高速道路料金の領収書画像を添付できる。発行済みは変更不可）',
    access: CARRIERS,
    params: ZInvoiceIdParams,
    body: ZInvoiceLinesBody,
    response: ZInvoice,
    errors: ['INVOICE_NOT_FOUND', 'INVOICE_NOT_DRAFT', ...RECEIPT_FILE_ERRORS],
  }),
  issueInvoice: def({
    method: 'POST',
    path: '/invoices/:invoiceId/issue',
    summary: '請求書の発行（番号と支払期日を確定。以後は変更不可）',
    access: CARRIERS,
    params: ZInvoiceIdParams,
    response: ZInvoice,
    errors: ['INVOICE_NOT_FOUND', 'INVOICE_NOT_DRAFT', 'INVOICE_JOB_ALREADY_BILLED'],
  }),
  statementShippers: def({
    method: 'GET',
    path: '/invoices/statement-shippers',
    summary: '月次請求書の宛先に選べる荷主（配送を完了した取引のある荷主と、その支払条件）',
    access: CARRIERS,
    response: ZStatementShipperList,
  }),
  createStatement: def({
    method: 'POST',
    path: '/invoices/statements',
    summary:
      '月次請求書の下書きを作成（荷主の締め日による対象期間の完了済みの配送のうち、個別の請求書を発行していないもの。同じ期間の下書きは作り直す）',
    access: CARRIERS,
    body: ZStatementBody,
    response: ZInvoice,
    errors: ['INVOICE_SHIPPER_NOT_FOUND', 'INVOICE_STATEMENT_EMPTY'],
  }),
  correctInvoice: def({
    method: 'POST',
    path: '/invoices/:invoiceId/corrections',
    summary: '発行済み請求書の訂正（赤伝を発行し、差し替える請求書の下書きを作成。元の請求書も保存）',
    access: CARRIERS,
    params: ZInvoiceIdParams,
    response: ZInvoiceCorrection,
    errors: ['INVOICE_NOT_FOUND', 'INVOICE_NOT_CORRECTABLE', 'INVOICE_ALREADY_CORRECTED'],
  }),
  markInvoicePaid: def({
    method: 'POST',
    path: '/invoices/:invoiceId/payment',
    summary: '荷主による支払済みの登録（支払日・金額）',
    access: SHIPPER,
    params: ZInvoiceIdParams,
    body: ZInvoicePaymentBody,
    response: ZInvoice,
    errors: ['INVOICE_NOT_FOUND', 'INVOICE_NOT_PAYABLE', 'INVOICE_ALREADY_PAID'],
  }),
  confirmInvoiceReceipt: def({
    method: 'POST',
    path: '/invoices/:invoiceId/receipt',
    summary: '運送事業者による入金確認',
    access: CARRIERS,
    params: ZInvoiceIdParams,
    response: ZInvoice,
    errors: ['INVOICE_NOT_FOUND', 'INVOICE_NOT_PAYABLE', 'INVOICE_ALREADY_CONFIRMED'],
  }),
  deleteInvoice: def({
    method: 'DELETE',
    path: '/invoices/:invoiceId',
    summary: '請求書の削除（管理者。発行済みは保存期間が過ぎるまで削除不可）',
    access: ['ADMIN'],
    params: ZInvoiceIdParams,
    response: ZMessageResponse,
    errors: ['INVOICE_NOT_FOUND', 'INVOICE_RETENTION_ACTIVE'],
  }),
} as const;
