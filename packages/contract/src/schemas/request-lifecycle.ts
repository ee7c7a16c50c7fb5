/**
 * The request lifecycle calls (spec §4, §7): meeting complete, delivery report,
 * completion, cancel and delete. The transition table: docs/decisions/004-request-lifecycle.md.
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import { celsius, uuid } from './common';
import { ZRequestItemDetail } from './request-items';

const blankToUndefined = (v: unknown) => (v === null || v === '' ? undefined : v);
const optionalFileId = () => z.preprocess(blankToUndefined, uuid().optional());

/** A thermometer reading in ℃ with at most one decimal (cold-chain evidence). */
const optionalCelsius = () => z.preprocess(blankToUndefined, celsius().optional());

/**
 * POST /request-items/delivery-report/{id}: the driver's report images (uploaded by the
 * driver) and, for 冷蔵・冷凍, the temperatures at pickup and delivery with an optional
 * data-logger file; in one call or several, a part sent again is replaced until the customer
 * approves. The report is complete when all three images (and a cold load's two readings) are present.
 */
export const ZDeliveryReportBody = z.lazy(() =>
  z
    .object({
      receiptImageId: optionalFileId(),
      recipientSignatureImageId: optionalFileId(),
      deliveryImageId: optionalFileId(),
      pickupTemperature: optionalCelsius(),
      deliveryTemperature: optionalCelsius(),
      temperatureLogFileId: optionalFileId(),
    })
    .superRefine((v, ctx) => {
      const ids = [v.receiptImageId, v.recipientSignatureImageId, v.deliveryImageId, v.temperatureLogFileId].filter(
        (id) => id !== undefined,
      );
      const readings = [v.pickupTemperature, v.deliveryTemperature].filter((t) => t !== undefined);
      if (ids.length === 0 && readings.length === 0)
        ctx.addIssue({ code: 'custom', path: ['receiptImageId'], message: FIELD_MESSAGES.reportEmpty });
      if (new Set(ids).size !== ids.length)
        ctx.addIssue({ code: 'custom', path: ['deliveryImageId'], message: FIELD_MESSAGES.duplicate });
    }),
);
export type TDeliveryReportBody = z.infer<typeof ZDeliveryReportBody>;

/** The answer to a transition: its success message and the request item as the caller now sees it. */
export const ZTransitionResponse = z.lazy(() => z.object({ message: z.string(), requestItem: ZRequestItemDetail }));
export type TTransitionResponse = z.infer<typeof ZTransitionResponse>;
