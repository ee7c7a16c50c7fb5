/**
 * Request templates and scheduled requests (定期便; issue 49 items 2 and 3, decision 107), and
 * the shipper's per-request mute of the stop notifications (item 5).
 */
import { z } from 'zod';
import { FIELD_MESSAGES } from '../messages';
import { HOLIDAY_POLICIES } from '../schedules';
import { MAX, optionalText, text, uuid } from './common';
import type { TCreateDeliveryBody, TCreateWarehouseBody } from './request-items/create';
import { optional, yen } from './request-items/fields';

const day = () => z.iso.date({ error: FIELD_MESSAGES.invalidType });
const time = () => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, FIELD_MESSAGES.invalidType);

/**
 * A delivery's contents as an answer: the shape of POST /request-items/deliveries' body (whose
 * schema reads input and cannot describe an answer). The web posts it through that schema.
 */
export const ZDeliveryContent = z.lazy(() =>
  z.record(z.string(), z.unknown()).describe('配送依頼の内容（POST /request-items/deliveries の本文と同じ形）'),
) as unknown as z.ZodType<TCreateDeliveryBody>;

/** A warehouse request's contents as an answer: the shape of POST /request-items/warehouses' body. */
export const ZWarehouseContent = z.lazy(() =>
  z.record(z.string(), z.unknown()).describe('倉庫依頼の内容（POST /request-items/warehouses の本文と同じ形）'),
) as unknown as z.ZodType<TCreateWarehouseBody>;

export const ZRequestTemplateParams = z.lazy(() => z.object({ templateId: uuid() }));
export const ZScheduleOccurrenceParams = z.lazy(() => z.object({ templateId: uuid(), date: day() }));

/** POST /request-templates: a named template saved from one of the shipper's delivery requests. */
export const ZCreateRequestTemplateBody = z.lazy(() => z.object({ name: text(MAX.name), requestItemId: uuid() }));
export type TCreateRequestTemplateBody = z.infer<typeof ZCreateRequestTemplateBody>;

export const ZRenameRequestTemplateBody = z.lazy(() => z.object({ name: text(MAX.name) }));

const scheduleShape = () => ({
  /** 0 = 日 … 6 = 土. */
  weekdays: z.array(z.number().int().min(0).max(6)).min(1, FIELD_MESSAGES.required).max(7),
  everyNWeeks: z.number().int().min(1).max(8),
  /** The first pickup's time, Japan time. */
  pickupTime: time(),
  startDate: day(),
  endDate: day().nullable(),
  holidayPolicy: z.enum(HOLIDAY_POLICIES),
  /** How many days before its day each occurrence is posted. */
  leadDays: z.number().int().min(1).max(14),
});

export const ZScheduleBody = z.lazy(() =>
  z.object(scheduleShape()).superRefine((s, ctx) => {
    if (s.endDate !== null && s.endDate < s.startDate)
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: '終了日は開始日以降の日付にしてください。' });
  }),
);
export type TScheduleBody = z.infer<typeof ZScheduleBody>;

/** One occurrence changed before it is posted: its pickup time, price or message. */
export const ZOccurrenceEditBody = z.lazy(() =>
  z.object({ pickupTime: time().optional(), price: optional(yen()), message: optionalText(MAX.note) }),
);
export type TOccurrenceEditBody = z.infer<typeof ZOccurrenceEditBody>;

export const OccurrenceStatus = ['PLANNED', 'POSTED', 'SKIPPED'] as const;
export const OccurrenceSkipReason = ['BY_SHIPPER', 'TOO_LATE', 'HOLIDAY'] as const;

export const ZScheduleOccurrence = z.lazy(() =>
  z.object({
    date: z.string(),
    movedFrom: z.string().nullable(),
    status: z.enum(OccurrenceStatus),
    skipReason: z.enum(OccurrenceSkipReason).nullable(),
    /** The day it is (or was) posted on. */
    postOn: z.string(),
    pickupAt: z.string(),
    requestItemId: z.string().nullable(),
    edit: z
      .object({ pickupTime: z.string().optional(), price: z.number().optional(), message: z.string().optional() })
      .nullable(),
  }),
);
export type TScheduleOccurrence = z.infer<typeof ZScheduleOccurrence>;

export const ZSchedule = z.lazy(() => z.object({ ...scheduleShape(), active: z.boolean() }));
export type TSchedule = z.infer<typeof ZSchedule>;

export const ZScheduleView = z.lazy(() =>
  z.object({
    schedule: ZSchedule.nullable(),
    /** The next occurrences (about eight weeks) and those recently posted or skipped. */
    upcoming: z.array(ZScheduleOccurrence),
    recent: z.array(ZScheduleOccurrence),
  }),
);
export type TScheduleView = z.infer<typeof ZScheduleView>;

export const ZRequestTemplate = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    /** What a new request from it posts (dates as in the request it was saved from). */
    body: ZDeliveryContent,
    schedule: ZSchedule.nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
);
export type TRequestTemplate = z.infer<typeof ZRequestTemplate>;

export const ZRequestTemplateList = z.lazy(() => z.object({ items: z.array(ZRequestTemplate) }));
export type TRequestTemplateList = z.infer<typeof ZRequestTemplateList>;

/** GET and PUT /request-items/{id}/stop-notifications: whether the shipper hears of each stop's 到着・出発. */
export const ZStopNotificationSetting = z.lazy(() => z.object({ muted: z.boolean() }));
export type TStopNotificationSetting = z.infer<typeof ZStopNotificationSetting>;
