/**
 * The request lifecycle calls (spec §4, §7): meeting complete, delivery report,
 * completion, cancel and delete. The transition table: docs/decisions/004-request-lifecycle.md.
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import { uuid } from './common';
import { ZRequestItemDetail } from './request-items';

const optionalFileId = () => z.preprocess((v) => (v === null || v === '' ? undefined : v), uuid().optional());

/**
 * POST /request-items/delivery-report/{id}: the driver's report images (uploaded by the
 * driver), in one call or several; a slot sent again is replaced until the customer
 * approves. The report is complete when all three are present.
 */
export const ZDeliveryReportBody = z
  .object({
    receiptImageId: optionalFileId(),
    recipientSignatureImageId: optionalFileId(),
    deliveryImageId: optionalFileId(),
  })
  .superRefine((v, ctx) => {
    const ids = [v.receiptImageId, v.recipientSignatureImageId, v.deliveryImageId].filter((id) => id !== undefined);
    if (ids.length === 0) ctx.addIssue({ code: 'custom', path: ['receiptImageId'], message: FIELD_MESSAGES.reportEmpty });
    if (new Set(ids).size !== ids.length)
      ctx.addIssue({ code: 'custom', path: ['deliveryImageId'], message: FIELD_MESSAGES.duplicate });
  });
export type TDeliveryReportBody = z.infer<typeof ZDeliveryReportBody>;

/** The answer to a transition: its success message and the request item as the caller now sees it. */
export const ZTransitionResponse = z.object({ message: z.string(), requestItem: ZRequestItemDetail });
export type TTransitionResponse = z.infer<typeof ZTransitionResponse>;
