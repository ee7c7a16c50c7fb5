/**
 * Request items (spec §3, §5, §7): creation bodies, list queries and the shapes
 * returned. Named Z<Name> for the schema and T<Name> for its type.
 *
 * List filters given as lists (vehicleType, transportType, the three locations,
 * statuses …) accept both repeated parameters (`?vehicleType=A&vehicleType=B`) and
 * one comma-separated value (`?vehicleType=A,B`); the web client sends the comma form.
 * See docs/decisions/008-request-item-lists.md.
 */
import { z } from 'zod';
import {
  CandidateStatus,
  DeliveryStatus,
  Elevator,
  IncidentalWork,
  PriceType,
  RequestStatus,
  RequestType,
  TemperatureRange,
  TollsPaidBy,
  TransportType,
  VehicleType,
  WarehouseStatus,
} from '../enums/index';
import { FIELD_MESSAGES } from '../messages';
import { MAX, ZPaginationQuery, celsius, iso, option, optionalText, paginated, phone, postalCode, text, uuid } from './common';
import { UPLOAD_MAX_FILES } from './files';
import { temperatureRangeRule } from './temperature-range';

/** Business constants of the request lists and forms (ours: the spec leaves them open). */
export const REQUEST_ITEM_RULES = {
  /** "New arrival" (新着): posted within this many days. */
  newArrivalDays: 3,
  /** "Near pickup date" (集荷日が近い): the first pickup starts within this many days from now. */
  nearDateDays: 3,
  /** Stops of one delivery, pickups + transits + deliveries. */
  maxTransports: 10,
  /** Images of one request item (the upload limit of spec §9). */
  maxImages: UPLOAD_MAX_FILES,
  /** Values of one list filter. */
  maxFilterValues: 50,
  maxKeywordLength: 50,
  /** Items on the home page's top requests. */
  topRequestsLimit: 10,
  maxPrice: 100_000_000,
  maxWeightKg: 1_000_000,
  maxAmount: 1_000_000,
  maxAcreageTsubo: 1_000_000,
} as const;
const R = REQUEST_ITEM_RULES;

const requiredOrType = (iss: { input?: unknown }) =>
  iss.input === undefined || iss.input === null ? FIELD_MESSAGES.required : FIELD_MESSAGES.invalidType;

/** An instant with its offset (DESIGN §4), e.g. 2026-12-01T09:00:00+09:00. */
const instant = () =>
  z.iso.datetime({ offset: true, error: (iss) => (iss.input === undefined ? FIELD_MESSAGES.required : FIELD_MESSAGES.datetime) });

const yen = () =>
  z
    .number({ error: requiredOrType })
    .int(FIELD_MESSAGES.integer)
    .min(1, FIELD_MESSAGES.tooSmall(1))
    .max(R.maxPrice, FIELD_MESSAGES.tooBig(R.maxPrice));

/** A charge in integer yen that may be absent (0 allowed: stated as free). */
const charge = () =>
  z
    .number({ error: requiredOrType })
    .int(FIELD_MESSAGES.integer)
    .min(0, FIELD_MESSAGES.tooSmall(0))
    .max(R.maxPrice, FIELD_MESSAGES.tooBig(R.maxPrice));
export const optionalCharge = () => z.preprocess((v) => (v === null || v === '' ? undefined : v), charge().optional());

const count = (max: number) =>
  z
    .number({ error: requiredOrType })
    .int(FIELD_MESSAGES.integer)
    .min(1, FIELD_MESSAGES.tooSmall(1))
    .max(max, FIELD_MESSAGES.tooBig(max));

/** A positive quantity with at most two decimals (kg, tsubo). */
const quantity = (max: number) =>
  z
    .number({ error: requiredOrType })
    .positive(FIELD_MESSAGES.positive)
    .max(max, FIELD_MESSAGES.tooBig(max))
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, FIELD_MESSAGES.decimalPlaces);

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === null || v === '' ? undefined : v), schema.optional());

const distinct = <T>(values: T[]) => new Set(values).size === values.length;

const fileIds = () =>
  z
    .array(uuid(), { error: requiredOrType })
    .max(R.maxImages, FIELD_MESSAGES.tooMany(R.maxImages))
    .refine(distinct, FIELD_MESSAGES.duplicate)
    .optional();

/** Address parts of a stop or a warehouse; postal code optional (spec §3 Transport stop has none). */
const addressFields = () => ({
  postalCode: optional(postalCode()),
  prefecture: text(10),
  city: text(MAX.name),
  town: text(MAX.short),
  block: text(MAX.short),
  building: optionalText(MAX.short),
});

// ───────────────────────── creation bodies ─────────────────────────

export const ZTransportStopInput = z.lazy(() =>
  z
    .object({
      transportType: option(TransportType.values),
      ...addressFields(),
      name: optionalText(MAX.name),
      phone: optional(phone()),
      timeFrom: instant(),
      timeTo: instant(),
      elevator: option(Elevator.values),
    })
    .superRefine((v, ctx) => {
      if (Date.parse(v.timeFrom) > Date.parse(v.timeTo)) {
        ctx.addIssue({ code: 'custom', path: ['timeTo'], message: FIELD_MESSAGES.timeOrder });
      }
    }),
);
export type TTransportStopInput = z.infer<typeof ZTransportStopInput>;

/**
 * Open selection (decision 065): when the customer will have chosen by. Optional; in the future,
 * and for a delivery before its first pickup starts.
 */
const selectionDeadline = () => optional(instant());

/** What is wrong with a selection deadline, or null: shared by the API body and the create forms. */
export function selectionDeadlineError(deadline: string, pickupStarts: readonly string[], now = Date.now()): string | null {
  const at = Date.parse(deadline);
  if (at <= now) return FIELD_MESSAGES.selectionDeadlinePast;
  if (pickupStarts.some((start) => at > Date.parse(start))) return FIELD_MESSAGES.selectionDeadlineAfterPickup;
  return null;
}

function deadlineRule(v: { selectionDeadline?: string; transports?: { timeFrom: string }[] }, ctx: z.RefinementCtx) {
  const message =
    v.selectionDeadline &&
    selectionDeadlineError(
      v.selectionDeadline,
      (v.transports ?? []).map((s) => s.timeFrom),
    );
  if (message) ctx.addIssue({ code: 'custom', path: ['selectionDeadline'], message });
}

export const ZCreateDeliveryBody = z.lazy(() =>
  z
    .object({
      vehicleType: option(VehicleType.values),
      vehicleTemperatureRange: option(TemperatureRange.values),
      /** The shipper's own range in ℃ within a 冷蔵・冷凍 zone (decision 085); absent: the zone's limit. */
      temperatureMin: optional(celsius()),
      temperatureMax: optional(celsius()),
      baggageName: text(MAX.short),
      /** kg. */
      totalWeight: quantity(R.maxWeightKg),
      /** In order: pickups, transits and deliveries as the route runs. */
      transports: z
        .array(ZTransportStopInput, { error: requiredOrType })
        .min(2, FIELD_MESSAGES.pickupRequired)
        .max(R.maxTransports, FIELD_MESSAGES.tooMany(R.maxTransports))
        .superRefine((stops, ctx) => {
          if (!stops.some((s) => s.transportType === 'PICKUP'))
            ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.pickupRequired });
          if (!stops.some((s) => s.transportType === 'DELIVERY')) {
            ctx.addIssue({ code: 'custom', message: FIELD_MESSAGES.deliveryRequired });
          }
        }),
      /** Given → a fixed-price request; absent → applicants bid (estimation). */
      price: optional(yen()),
      message: optionalText(MAX.note),
      luggageImageIds: fileIds(),
      material: optionalText(MAX.short),
      /** kg per piece. */
      weight: optional(quantity(R.maxWeightKg)),
      /** Number of pieces. */
      totalAmount: optional(count(R.maxAmount)),
      size: optionalText(MAX.short),
      // Written transport conditions (運送条件書, decision 067).
      incidentalWork: z
        .array(option(IncidentalWork.values), { error: requiredOrType })
        .refine(distinct, FIELD_MESSAGES.duplicate)
        .optional(),
      /** 附帯業務の料金; absent: included in the fare. */
      incidentalCharge: optionalCharge(),
      /** 待機料金 per 30 minutes beyond the free time; absent: none agreed. */
      waitingChargePer30Min: optionalCharge(),
      tollsPaidBy: option(TollsPaidBy.values).optional(),
      fuelSurcharge: optionalCharge(),
      paymentTerms: optionalText(MAX.short),
      selectionDeadline: selectionDeadline(),
    })
    .superRefine(deadlineRule)
    .superRefine(temperatureRangeRule),
);
export type TCreateDeliveryBody = z.infer<typeof ZCreateDeliveryBody>;

export const ZCreateWarehouseBody = z.lazy(() =>
  z
    .object({
      ...addressFields(),
      /** Per-unit price in yen. */
      price: yen(),
      roomTemperatureRange: option(TemperatureRange.values),
      /** tsubo. */
      acreage: quantity(R.maxAcreageTsubo),
      requestAmount: count(R.maxAmount),
      vehicleTypes: z
        .array(option(VehicleType.values), { error: requiredOrType })
        .max(VehicleType.values.length)
        .refine(distinct, FIELD_MESSAGES.duplicate)
        .optional(),
      imageIds: fileIds(),
      message: optionalText(MAX.note),
      selectionDeadline: selectionDeadline(),
    })
    .superRefine(deadlineRule),
);
export type TCreateWarehouseBody = z.infer<typeof ZCreateWarehouseBody>;

// ───────────────────────── list queries ─────────────────────────

/** Repeated parameters or one comma-separated value → a de-duplicated list. */
const list = <T extends z.ZodType<string>>(item: T) =>
  z.preprocess(
    (v) => {
      if (v === undefined || v === null || v === '') return undefined;
      const raw = (Array.isArray(v) ? v : [v]).flatMap((x) => (typeof x === 'string' ? x.split(',') : [x]));
      const values = raw.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
      return values.length ? [...new Set(values)] : undefined;
    },
    z.array(item).max(R.maxFilterValues, FIELD_MESSAGES.tooMany(R.maxFilterValues)).optional(),
  );

/** 'true' / '1' → true, 'false' / '0' → false; a quick filter off is the same as absent. */
const flag = () =>
  z.preprocess(
    (v) => (v === 'true' || v === '1' || v === true ? true : v === 'false' || v === '0' || v === false ? false : v),
    z.boolean({ error: FIELD_MESSAGES.invalidType }).optional(),
  );

/** A calendar date YYYY-MM-DD, read in Japan time. */
const date = () => z.preprocess((v) => (v === '' ? undefined : v), z.iso.date({ error: FIELD_MESSAGES.date }).optional());

const locationName = () => text(MAX.short);

const dateOrder = (v: { startDate?: string; endDate?: string }, ctx: z.RefinementCtx) => {
  if (v.startDate && v.endDate && v.startDate > v.endDate) {
    ctx.addIssue({ code: 'custom', path: ['endDate'], message: FIELD_MESSAGES.dateOrder });
  }
};

const marketFilters = () => ({
  /** Items having a stop of each given kind (TRANSIT: routes with a via stop). */
  transportType: list(option(TransportType.values)),
  /** Any of: a delivery's vehicle, or one a warehouse accepts. */
  vehicleType: list(option(VehicleType.values)),
  isNewArrival: flag(),
  isNearDate: flag(),
  /** true → warehouse requests only. */
  isWarehouse: flag(),
});

/**
 * GET /request-items/list/public and /list/private. Only open requests (waiting for
 * approval) are listed, so there is no status filter; locations are prefectures
 * (東京都) or a prefecture with its city (東京都千代田区), any of the list.
 */
export const ZRequestListQuery = z.lazy(() =>
  ZPaginationQuery.unwrap()
    .extend({
      ...marketFilters(),
      /** Destination (delivery stop) locations. */
      sendLocation: list(locationName()),
      pickupLocation: list(locationName()),
      warehouseLocation: list(locationName()),
      requestType: option(RequestType.values).optional(),
      keyword: optionalText(R.maxKeywordLength),
      priceType: list(option(PriceType.values)),
      /** Posted on or after / on or before these dates (Japan time). */
      startDate: date(),
      endDate: date(),
    })
    .superRefine(dateOrder),
);
export type TRequestListQuery = z.infer<typeof ZRequestListQuery>;

export const ZTopRequestsQuery = z.lazy(() =>
  z.object({
    ...marketFilters(),
    limit: z.coerce
      .number({ error: FIELD_MESSAGES.integer })
      .int(FIELD_MESSAGES.integer)
      .min(1, FIELD_MESSAGES.tooSmall(1))
      .max(50, FIELD_MESSAGES.tooBig(50))
      .default(R.topRequestsLimit),
  }),
);
export type TTopRequestsQuery = z.infer<typeof ZTopRequestsQuery>;

/** GET /request-items/my-items: the caller's own requests. */
export const ZMyItemsQuery = z.lazy(() =>
  ZPaginationQuery.unwrap().extend({
    requestType: option(RequestType.values).optional(),
    statuses: list(option(RequestStatus.values)),
  }),
);
export type TMyItemsQuery = z.infer<typeof ZMyItemsQuery>;

/** GET /request-items/applied-items: requests the caller applied to. */
export const ZAppliedItemsQuery = z.lazy(() =>
  ZPaginationQuery.unwrap().extend({
    requestType: option(RequestType.values).optional(),
    /** Statuses a delivery must have (warehouses are not narrowed by it). */
    deliveryStatus: list(option(DeliveryStatus.values)),
    /** Statuses a warehouse must have (deliveries are not narrowed by it). */
    warehouseStatus: list(option(WarehouseStatus.values)),
  }),
);
export type TAppliedItemsQuery = z.infer<typeof ZAppliedItemsQuery>;

/** GET /request-items/delivery (admin). */
export const ZAdminDeliveryListQuery = z.lazy(() =>
  ZPaginationQuery.unwrap()
    .extend({
      keyword: optionalText(R.maxKeywordLength),
      status: list(option(DeliveryStatus.values)),
      priceType: list(option(PriceType.values)),
      startDate: date(),
      endDate: date(),
    })
    .superRefine(dateOrder),
);
export type TAdminDeliveryListQuery = z.infer<typeof ZAdminDeliveryListQuery>;

/** GET /request-items/warehouse (admin). */
export const ZAdminWarehouseListQuery = z.lazy(() =>
  ZPaginationQuery.unwrap().extend({
    keyword: optionalText(R.maxKeywordLength),
    status: list(option(WarehouseStatus.values)),
  }),
);
export type TAdminWarehouseListQuery = z.infer<typeof ZAdminWarehouseListQuery>;

export const ZRequestItemIdParams = z.lazy(() => z.object({ requestItemId: uuid() }));
export type TRequestItemIdParams = z.infer<typeof ZRequestItemIdParams>;

// ───────────────────────── shapes returned ─────────────────────────

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

/** The customer who posted the request (private views; sample values when hidden). */
export const ZRequestCustomer = z.lazy(() =>
  z.object({
    id: z.string(),
    companyName: z.string(),
    customerName: z.string(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
    invoice: z.string().nullable(),
  }),
);
export type TRequestCustomer = z.infer<typeof ZRequestCustomer>;

/** The approved applicant. */
export const ZRequestReceiver = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    phone: z.string().nullable(),
    companyName: z.string().nullable(),
  }),
);

export const ZTalkroomRef = z.lazy(() =>
  z.object({
    id: z.string(),
    requestItemId: z.string(),
    candidateId: z.string(),
    appliedUserId: z.string(),
    /** Messages may be sent: the approved room of a delivery stays open until the job ends (decision 085). */
    isActive: z.boolean(),
    lastMessageAt: iso().nullable(),
    /** The customer's and the driver's "meeting complete" (both → pickup work). */
    customerMeetingCompletedAt: iso().nullable(),
    driverMeetingCompletedAt: iso().nullable(),
  }),
);
export type TTalkroomRef = z.infer<typeof ZTalkroomRef>;

/** The caller's own application to the item. */
export const ZMyCandidate = z.lazy(() =>
  z.object({ id: z.string(), price: z.number().int(), status: CandidateStatus.schema, createdAt: iso() }),
);

/**
 * A request item as every list returns it. `isHidden` is true when the caller may
 * not see the customer's contact details and message: they then hold HIDDEN_SAMPLES.
 */
export const ZRequestItem = z.lazy(() =>
  z.object({
    id: z.string(),
    type: RequestType.schema,
    status: RequestStatus.schema,
    price: ZRequestPrice,
    message: z.string().nullable(),
    isHidden: z.boolean(),
    deliveryItem: ZDeliveryItem.nullable(),
    warehouseItem: ZWarehouseItem.nullable(),
    images: z.array(ZFileRef),
    creatorId: z.string(),
    receiverId: z.string().nullable(),
    /**
     * Who carries the approved job (DESIGN §5 "Carrier companies"): the approved applicant,
     * or the driver its driver manager assigned. Null until a candidate is approved.
     */
    carrierId: z.string().nullable(),
    isNewArrival: z.boolean(),
    isNearDate: z.boolean(),
    /** Open selection (decision 065): the customer chooses by then; null: no deadline. */
    selectionDeadline: iso().nullable(),
    /** When the deadline passed without an approval and the request closed (status CANCELLED). */
    selectionClosedAt: iso().nullable(),
    /** The request posted again with the same contents after it closed. */
    repostedAsId: z.string().nullable(),
    /** Private list and detail: the caller has applied. */
    isApplied: z.boolean().optional(),
    /** Owner and admin views; every detail while the request is open (how many have applied). */
    numberOfCandidates: z.number().int().optional(),
    /** Applied-items: the caller's application; a detail for the owner or admin: the approved one (the agreed price). */
    candidate: ZMyCandidate.optional(),
    /** Private detail and admin lists. */
    customer: ZRequestCustomer.optional(),
    createdAt: iso(),
    updatedAt: iso(),
  }),
);
export type TRequestItem = z.infer<typeof ZRequestItem>;

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

/** A request item's detail: adds the approved applicant and the talkrooms the caller may open. */
export const ZRequestItemDetail = z.lazy(() =>
  ZRequestItem.unwrap().extend({
    receiver: ZRequestReceiver.nullable(),
    /** The driver who carries the job, when the approved applicant's company assigned one of its drivers. */
    carrier: ZRequestReceiver.nullable(),
    /** The caller's own talkroom (an applicant's), or the approved one for the owner. */
    talkroom: ZTalkroomRef.nullable(),
    /** Owner and admin: every talkroom of the item. */
    talkrooms: z.array(ZTalkroomRef),
    /**
     * The parties and the admin: the 運送条件書 (decisions 067, 084) in force — the newest version —
     * and every version issued, oldest first (each stays downloadable).
     */
    transportConditions: ZTransportConditions.nullable(),
    /** The parties and the admin, once a delivery is approved: the charges agreed, with tax and total. */
    agreedCharges: ZAgreedCharges.nullable(),
  }),
);
export type TRequestItemDetail = z.infer<typeof ZRequestItemDetail>;

export const ZRequestItemPage = z.lazy(() => paginated(ZRequestItem));
export type TRequestItemPage = z.infer<typeof ZRequestItemPage>;
export const ZTopRequests = z.lazy(() => z.object({ data: z.array(ZRequestItem) }));
export type TTopRequests = z.infer<typeof ZTopRequests>;
