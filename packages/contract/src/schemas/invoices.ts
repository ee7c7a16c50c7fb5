/** The carrier's invoices to the shipper (issue 46 items 2, 3 and 5; decisions 090, 094). */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import { InvoiceDocumentKind, InvoiceLineKind, InvoicePaymentStatus, InvoiceStatus } from '../enums/invoices';
import { isCalendarDay } from '../invoices/days';
import { STATEMENT_MONTH } from '../invoices/payment-terms';
import { TAX_CATEGORIES } from '../invoices/invoice-totals';
import { MAX, option, text, uuid } from './common';

/** A calendar day, YYYY-MM-DD (Japan time). */
const day = () => z.string().refine(isCalendarDay, { error: FIELD_MESSAGES.date });
const yen = () =>
  z
    .number({ error: FIELD_MESSAGES.integer })
    .int(FIELD_MESSAGES.integer)
    .min(0, FIELD_MESSAGES.tooSmall(0))
    .max(100_000_000, FIELD_MESSAGES.tooBig(100_000_000));
const queryYen = () => z.coerce.number({ error: FIELD_MESSAGES.integer }).int(FIELD_MESSAGES.integer);

export const ZInvoiceIdParams = z.lazy(() => z.object({ invoiceId: uuid() }));
export type TInvoiceIdParams = z.infer<typeof ZInvoiceIdParams>;

/** A line as the carrier edits it on a draft. `receiptFileId`: an uploaded image (a toll's receipt). */
export const ZInvoiceLineInput = z.lazy(() =>
  z.object({
    kind: InvoiceLineKind.schema,
    description: text(MAX.short),
    amount: yen(),
    taxCategory: option(TAX_CATEGORIES as unknown as readonly ['STANDARD', 'REDUCED', 'EXEMPT']),
    receiptFileId: uuid().nullish(),
    /** On a monthly statement: the job the line bills (one of the statement's; none for a line of its own). */
    requestItemId: uuid().nullish(),
  }),
);
export type TInvoiceLineInput = z.infer<typeof ZInvoiceLineInput>;

/** PUT /invoices/{id}/lines: the draft's lines as they now are, in order (replacing the ones before). */
export const ZInvoiceLinesBody = z.lazy(() => z.object({ lines: z.array(ZInvoiceLineInput).min(1).max(50) }));
export type TInvoiceLinesBody = z.infer<typeof ZInvoiceLinesBody>;

/** POST /invoices/{id}/payment: the shipper says it paid, when and how much. */
export const ZInvoicePaymentBody = z.lazy(() => z.object({ paidOn: day(), amount: yen() }));
export type TInvoicePaymentBody = z.infer<typeof ZInvoicePaymentBody>;

/** GET /invoices: the three keys of a kept document (取引年月日, 取引金額, 取引先), each optional, all together. */
export const ZInvoiceListQuery = z.lazy(() =>
  z.object({
    dayFrom: day().optional(),
    dayTo: day().optional(),
    amountFrom: queryYen().optional(),
    amountTo: queryYen().optional(),
    counterparty: text(MAX.short).optional(),
    /** One kind of document only (請求書, 赤伝, 月次請求書). */
    kind: InvoiceDocumentKind.schema.optional(),
  }),
);
export type TInvoiceListQuery = z.infer<typeof ZInvoiceListQuery>;

export const ZInvoiceRateTotal = z.lazy(() =>
  z.object({ rate: z.string(), excludingTax: z.number(), tax: z.number(), includingTax: z.number() }),
);

export const ZInvoiceLine = z.lazy(() =>
  z.object({
    id: z.string(),
    kind: InvoiceLineKind.schema,
    description: z.string(),
    amount: z.number(),
    taxCategory: option(TAX_CATEGORIES as unknown as readonly ['STANDARD', 'REDUCED', 'EXEMPT']),
    receiptFileId: z.string().nullable(),
    requestItemId: z.string().nullable(),
  }),
);
export type TInvoiceLine = z.infer<typeof ZInvoiceLine>;

/** A document as a list shows it. `paymentStatus`: null for a 赤伝 and a draft. */
export const ZInvoiceSummary = z.lazy(() =>
  z.object({
    id: z.string(),
    kind: InvoiceDocumentKind.schema,
    status: InvoiceStatus.schema,
    number: z.string().nullable(),
    requestItemIds: z.array(z.string()),
    issuerCompany: z.string(),
    recipientCompany: z.string(),
    serviceDay: z.string(),
    issuedOn: z.string().nullable(),
    dueDate: z.string().nullable(),
    qualified: z.boolean(),
    registrationNumber: z.string().nullable(),
    correctsDocumentId: z.string().nullable(),
    correctsNumber: z.string().nullable(),
    subtotal: z.number(),
    tax: z.number(),
    total: z.number(),
    paymentStatus: InvoicePaymentStatus.schema.nullable(),
    paidOn: z.string().nullable(),
    paidAmount: z.number().nullable(),
    receiptConfirmedAt: z.string().nullable(),
    keptThrough: z.string().nullable(),
    /** A monthly statement's period (both ends included, Japan time); null for a job's invoice. */
    periodFrom: z.string().nullable(),
    periodTo: z.string().nullable(),
  }),
);
export type TInvoiceSummary = z.infer<typeof ZInvoiceSummary>;

/** A job a document bills: its day, 依頼番号 and name, route, and its lines' amounts excluding tax per rate. */
export const ZInvoiceJob = z.lazy(() =>
  z.object({
    requestItemId: z.string(),
    reference: z.string(),
    baggageName: z.string(),
    serviceDay: z.string(),
    route: z.string(),
    byRate: z.array(z.object({ rate: z.string(), excludingTax: z.number() })),
    subtotal: z.number(),
  }),
);
export type TInvoiceJob = z.infer<typeof ZInvoiceJob>;

/** One document with its lines, the jobs it bills and per-rate totals. */
export const ZInvoice = z.lazy(() =>
  ZInvoiceSummary.unwrap().extend({
    lines: z.array(ZInvoiceLine),
    jobs: z.array(ZInvoiceJob),
    byRate: z.array(ZInvoiceRateTotal),
    exempt: z.number(),
  }),
);
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZInvoiceList = z.lazy(() => z.object({ data: z.array(ZInvoiceSummary) }));
export type TInvoiceList = z.infer<typeof ZInvoiceList>;

/** A correction: the 赤伝 issued at once and the new draft that replaces the original. */
export const ZInvoiceCorrection = z.lazy(() => z.object({ cancellation: ZInvoice, replacement: ZInvoice }));
export type TInvoiceCorrection = z.infer<typeof ZInvoiceCorrection>;

/** POST /invoices/statements: the shipper and the month whose closing period the statement bills (YYYY-MM). */
export const ZStatementBody = z.lazy(() =>
  z.object({
    shipperId: uuid(),
    month: z.string().regex(STATEMENT_MONTH, { error: FIELD_MESSAGES.invalidOption }),
  }),
);
export type TStatementBody = z.infer<typeof ZStatementBody>;

/** GET /invoices/statement-shippers: the shippers a carrier completed deliveries for, with their terms. */
export const ZStatementShipperList = z.lazy(() =>
  z.object({
    data: z.array(z.object({ shipperId: z.string(), name: z.string(), paymentTerms: z.string() })),
  }),
);
export type TStatementShipperList = z.infer<typeof ZStatementShipperList>;
