/**
 * The paperwork of the driver manager's monthly subscription (issue 46 item 1): for each paid
 * invoice of the plan, a 適格請求書 and a 領収書 as PDFs, kept as they were when the payment was
 * recorded (decision 098).
 */
import { z } from 'zod';
import { iso, uuid } from './common';

/** The two PDFs of one paid month: the qualified invoice and the receipt. */
export const SUBSCRIPTION_DOCUMENT_KINDS = ['invoice', 'receipt'] as const;
export type TSubscriptionDocumentKind = (typeof SUBSCRIPTION_DOCUMENT_KINDS)[number];

/** One paid month of the plan, as the credit-card page lists it. */
export const ZSubscriptionDocument = z.lazy(() =>
  z.object({
    id: z.uuid(),
    /** 書類番号, printed on both PDFs. */
    number: z.string(),
    /** When the payment was recorded: the documents' date of issue. */
    paidAt: iso(),
    periodStart: iso(),
    periodEnd: iso(),
    /** Tax-inclusive yen paid. */
    total: z.number().int(),
    /** The consumption tax included in `total`. */
    tax: z.number().int(),
  }),
);
export type TSubscriptionDocument = z.infer<typeof ZSubscriptionDocument>;

/** Newest first. */
export const ZSubscriptionDocumentList = z.lazy(() => z.object({ data: z.array(ZSubscriptionDocument) }));
export type TSubscriptionDocumentList = z.infer<typeof ZSubscriptionDocumentList>;

export const ZSubscriptionDocumentParams = z.lazy(() =>
  z.object({ documentId: uuid(), kind: z.enum(SUBSCRIPTION_DOCUMENT_KINDS) }),
);
