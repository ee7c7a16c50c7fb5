/** A delivery's 運送条件書 (decisions 067, 084) and the charges both sides agreed, as returned and asked for. */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../../messages';
import { iso } from '../common';

export const ZTransportConditionsVersion = z.lazy(() =>
  z.object({
    number: z.string(),
    version: z.number().int(),
    /** APPROVED: issued on approval; CARRIER_ASSIGNED: the carrier company named or changed the driver. */
    reason: z.enum(['APPROVED', 'CARRIER_ASSIGNED']),
    issuedAt: iso(),
  }),
);
export type TTransportConditionsVersion = z.infer<typeof ZTransportConditionsVersion>;

export const ZTransportConditions = z.lazy(() =>
  ZTransportConditionsVersion.unwrap().extend({ versions: z.array(ZTransportConditionsVersion) }),
);
export type TTransportConditions = z.infer<typeof ZTransportConditions>;

/** What both sides agreed for a delivery (the approved bid's charges where it named its own); amounts 税抜 but `total`. */
export const ZAgreedCharges = z.lazy(() =>
  z.object({
    fare: z.number().int(),
    /** Null: included in the fare, or no incidental work. */
    incidentalCharge: z.number().int().nullable(),
    fuelSurcharge: z.number().int().nullable(),
    /** The consumption tax rate applied, e.g. 10%. */
    taxRate: z.string(),
    subtotal: z.number().int(),
    consumptionTax: z.number().int(),
    /** 税込. */
    total: z.number().int(),
  }),
);
export type TAgreedCharges = z.infer<typeof ZAgreedCharges>;

export const ZTransportConditionsQuery = z.lazy(() =>
  z.object({
    /** A version number; absent: the newest. */
    version: z.coerce
      .number({ error: FIELD_MESSAGES.integer })
      .int(FIELD_MESSAGES.integer)
      .min(1, FIELD_MESSAGES.tooSmall(1))
      .optional(),
  }),
);
export type TTransportConditionsQuery = z.infer<typeof ZTransportConditionsQuery>;
