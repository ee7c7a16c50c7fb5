/** The parts of a request item as returned: its price, files, address, stops and the delivery or warehouse. */
import { z } from 'zod';
import {
  DeliveryStatus,
  Elevator,
  IncidentalWork,
  PriceType,
  TemperatureRange,
  TollsPaidBy,
  TransportType,
  VehicleType,
  WarehouseStatus,
} from '../../enums/index';
import { iso } from '../common';

export const ZRequestPrice = z.lazy(() => z.object({ priceType: PriceType.schema, price: z.number().int().nullable() }));
export type TRequestPrice = z.infer<typeof ZRequestPrice>;

/** An attached file; `fileUrl` is a short-lived download URL (null when not readable). */
export const ZFileRef = z.lazy(() => z.object({ id: z.string(), fileUrl: z.string().nullable() }));
export type TFileRef = z.infer<typeof ZFileRef>;

export const ZAddress = z.lazy(() =>
  z.object({
    postalCode: z.string().nullable(),
    prefecture: z.string(),
    city: z.string(),
    town: z.string(),
    block: z.string(),
    building: z.string().nullable(),
  }),
);
export type TAddress = z.infer<typeof ZAddress>;

export const ZTransportStop = z.lazy(() =>
  z.object({
    id: z.string(),
    position: z.number().int(),
    transportType: TransportType.schema,
    /** 集荷, 配達, or 経由1, 経由2 … in route order. */
    label: z.string(),
    location: ZAddress,
    name: z.string().nullable(),
    phone: z.string().nullable(),
    timeFrom: iso(),
    timeTo: iso(),
    elevator: Elevator.schema,
  }),
);
export type TTransportStop = z.infer<typeof ZTransportStop>;

export const ZDeliveryItem = z.lazy(() =>
  z.object({
    id: z.string(),
    vehicleType: VehicleType.schema,
    vehicleTemperatureRange: TemperatureRange.schema,
    /** The shipper's own range in ℃ (decision 085); null: the zone's limit on that side. */
    temperatureMin: z.number().nullable(),
    temperatureMax: z.number().nullable(),
    status: DeliveryStatus.schema,
    baggageName: z.string(),
    material: z.string().nullable(),
    weight: z.number().nullable(),
    totalWeight: z.number(),
    /** The real road distance the shipper entered, km; null: not entered (the standard fare estimates it). */
    distanceKm: z.number().nullable(),
    totalAmount: z.number().int().nullable(),
    size: z.string().nullable(),
    transports: z.array(ZTransportStop),
    receiptImageId: z.string().nullable(),
    recipientSignatureImageId: z.string().nullable(),
    deliveryImageId: z.string().nullable(),
    receiptImage: ZFileRef.nullable(),
    recipientSignatureImage: ZFileRef.nullable(),
    deliveryImage: ZFileRef.nullable(),
    reportedAt: iso().nullable(),
    /** Written transport conditions (decision 067): what the customer asked for besides driving. */
    incidentalWork: z.array(IncidentalWork.schema),
    incidentalCharge: z.number().int().nullable(),
    waitingChargePer30Min: z.number().int().nullable(),
    /** Null: the request left it out (nothing agreed). */
    tollsPaidBy: TollsPaidBy.schema.nullable(),
    fuelSurcharge: z.number().int().nullable(),
    paymentTerms: z.string().nullable(),
    /** Cold-chain evidence (冷蔵・冷凍): the readings in ℃ at pickup and at delivery, and the data logger's file. */
    pickupTemperature: z.number().nullable(),
    deliveryTemperature: z.number().nullable(),
    temperatureLogFile: ZFileRef.nullable(),
    /** A 冷蔵・冷凍 load: the report needs both readings. */
    isTemperatureRequired: z.boolean(),
    /** A reading lies outside the request's range (contract cold-chain): both parties see the flag. */
    isTemperatureOutOfRange: z.boolean(),
    /** All three report images (and a cold load's two readings) are present. */
    isReportComplete: z.boolean(),
    isAllowCancel: z.boolean(),
  }),
);
export type TDeliveryItem = z.infer<typeof ZDeliveryItem>;

export const ZWarehouseItem = z.lazy(() =>
  z.object({
    id: z.string(),
    roomTemperatureRange: TemperatureRange.schema,
    status: WarehouseStatus.schema,
    requestAmount: z.number().int(),
    /** tsubo. */
    acreage: z.number(),
    location: ZAddress,
    vehicleTypes: z.array(VehicleType.schema),
    images: z.array(ZFileRef),
    isAllowCancel: z.boolean(),
  }),
);
export type TWarehouseItem = z.infer<typeof ZWarehouseItem>;
