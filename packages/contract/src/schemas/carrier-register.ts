/**
 * 実運送体制管理簿 (issue 16 item 2, decision 066): for every delivery of 1.5 t or more that was
 * matched, who ordered it, who took the contract and who actually carried it, with the vehicle and
 * dates, a month at a time (Japan time, by the first pickup).
 */
import { z } from 'zod';
import { RequestStatus, VehicleType } from '../enums/index';
import { FIELD_MESSAGES } from '../messages';
import { iso } from './common';

export const CARRIER_REGISTER_RULES = {
  /** The law's threshold: loads of 1.5 t or more (kg). */
  minimumWeightKg: 1500,
} as const;

export const ZCarrierRegisterQuery = z.lazy(() =>
  z.object({
    month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: FIELD_MESSAGES.month }),
  }),
);
export type TCarrierRegisterQuery = z.infer<typeof ZCarrierRegisterQuery>;

export const ZCarrierRegisterRow = z.lazy(() =>
  z.object({
    requestItemId: z.string(),
    /** The request's reference (A1B2-C3D4). */
    reference: z.string(),
    status: RequestStatus.schema,
    pickupAt: iso(),
    /** The last delivery stop's end. */
    deliverBy: iso(),
    /** 東京都中央区 → 大阪府大阪市北区 …: the two full addresses below, joined. */
    route: z.string(),
    /** 区間: the first pickup's and the last delivery's full address. */
    pickupAddress: z.string(),
    deliveryAddress: z.string(),
    baggageName: z.string(),
    totalWeightKg: z.number(),
    vehicleType: VehicleType.schema,
    /** 荷主: the customer's company (or name). */
    shipper: z.string(),
    /** 元請: the company that took the contract (the approved applicant's). */
    contractor: z.string(),
    /** 実運送: the company and driver that actually carried it. */
    actualCarrier: z.string(),
    driverName: z.string(),
    /**
     * 請負階層 of the actual carrier, counted from the contracting company (元請): 0 when the
     * company itself (one of its drivers) carries, 1 for a first-tier subcontractor (一次請け).
     */
    subcontractTier: z.number().int().min(0),
    /** The 運送条件書 in force (decision 084), which every reader of the row may download; null: none issued. */
    conditionsNumber: z.string().nullable(),
  }),
);
export type TCarrierRegisterRow = z.infer<typeof ZCarrierRegisterRow>;

export const ZCarrierRegister = z.lazy(() => z.object({ month: z.string(), rows: z.array(ZCarrierRegisterRow) }));
export type TCarrierRegister = z.infer<typeof ZCarrierRegister>;
