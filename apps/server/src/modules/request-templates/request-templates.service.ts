/**
 * 「同じ内容で依頼」, named templates and scheduled requests (定期便; issue 49 items 2 and 3,
 * decision 107). A template is a delivery's create body; a schedule on it posts each occurrence
 * `leadDays` before its day through the request-items service (the very rows the form writes),
 * once per occurrence whichever instance runs the job (the occurrence row's unique key).
 */
import holidayTable from '@holiday-jp/holiday_jp/lib/holidays.js';
import {
  SCHEDULE_MIN_NOTICE_HOURS,
  SUCCESS_MESSAGES,
  type ScheduleRule,
  type TCreateDeliveryBody,
  type TCreateWarehouseBody,
  type TCreateRequestTemplateBody,
  type TOccurrenceEditBody,
  type TRequestTemplate,
  type TRequestTemplateList,
  type TScheduleBody,
  type TScheduleOccurrence,
  type TScheduleView,
  addDays,
  holidaySkips,
  japanDay,
  japanInstant,
  postingDay,
  scheduledDays,
  shiftStops,
} from '@logi/contract';
import type { Viewer } from '../../domain/request-visibility';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import { type EventDeps, withEvents } from '../notifications/notifications.service';
import { getRequestItemRow, itemParts } from '../request-items/request-items.access.service';
import { createRequestItemsService } from '../request-items/request-items.service';
import * as repo from './request-templates.repository';

/** Japan's public holidays (the Cabinet Office's list, as the standard fare and the web's calendar have them). */
const HOLIDAYS: ReadonlySet<string> = new Set(Object.keys(holidayTable));

/** How far ahead the upcoming list looks, and how many it shows at most. */
const UPCOMING_DAYS = 56;
const UPCOMING_MAX = 12;
const RECENT_MAX = 10;

const iso = (d: Date) => d.toISOString();
const defined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined)) as T;

/** The shipper's own delivery request as the create body it was posted with (no photos, no deadline). */
async function ownDeliveryBody(db: Database, auth: Viewer, requestItemId: string): Promise<TCreateDeliveryBody> {
  const item = await getRequestItemRow(db, requestItemId);
  if (item.creatorId !== auth.userId) throw new AppError('REQUEST_ITEM_NOT_FOUND');
  if (item.type !== 'DELIVERY') throw new AppError('REQUEST_TYPE_MISMATCH');
  const parts = await itemParts(db, [item]);
  const d = parts.deliveries.get(item.id)!;
  const stops = [...(parts.stops.get(item.id) ?? [])].sort((a, b) => a.position - b.position);
  return defined({
    vehicleType: d.vehicleType,
    vehicleTemperatureRange: d.vehicleTemperatureRange,
    temperatureMin: d.temperatureMin,
    temperatureMax: d.temperatureMax,
    baggageName: d.baggageName,
    totalWeight: d.totalWeight,
    transports: stops.map((s) =>
      defined({
        transportType: s.transportType,
        postalCode: s.postalCode,
        prefecture: s.prefecture,
        city: s.city,
        town: s.town,
        block: s.block,
        building: s.building,
        name: s.name,
        phone: s.phone,
        timeFrom: iso(new Date(s.timeFrom)),
        timeTo: iso(new Date(s.timeTo)),
        elevator: s.elevator,
      }),
    ),
    price: item.price,
    distanceKm: d.distanceKm,
    message: item.message,
    material: d.material,
    weight: d.weight,
    totalAmount: d.totalAmount,
    size: d.size,
    incidentalWork: d.incidentalWork,
    incidentalCharge: d.incidentalCharge,
    waitingChargePer30Min: d.waitingChargePer30Min,
    tollsPaidBy: d.tollsPaidBy,
    fuelSurcharge: d.fuelSurcharge,
    paymentTerms: d.paymentTerms,
    verifiedCarriersOnly: item.verifiedCarriersOnly,
  }) as TCreateDeliveryBody;
}

/** The shipper's own warehouse request as the create body it was posted with (no photos, no deadline). */
async function ownWarehouseBody(db: Database, auth: Viewer, requestItemId: string): Promise<TCreateWarehouseBody> {
  const item = await getRequestItemRow(db, requestItemId);
  if (item.creatorId !== auth.userId) throw new AppError('REQUEST_ITEM_NOT_FOUND');
  if (item.type !== 'WAREHOUSE') throw new AppError('REQUEST_TYPE_MISMATCH');
  const w = (await itemParts(db, [item])).warehouses.get(item.id)!;
  return defined({
    postalCode: w.postalCode,
    prefecture: w.prefecture,
    city: w.city,
    town: w.town,
    block: w.block,
    building: w.building,
    price: item.price,
    roomTemperatureRange: w.roomTemperatureRange,
    acreage: w.acreage,
    requestAmount: w.requestAmount,
    vehicleTypes: w.vehicleTypes,
    message: item.message,
    verifiedCarriersOnly: item.verifiedCarriersOnly,
  }) as TCreateWarehouseBody;
}

const ruleOf = (s: repo.ScheduleRow): ScheduleRule => ({
  weekdays: s.weekdays,
  everyNWeeks: s.everyNWeeks,
  startDate: s.startDate,
  endDate: s.endDate,
  holidayPolicy: s.holidayPolicy,
});

function scheduleView(s: repo.ScheduleRow) {
  return {
    weekdays: s.weekdays,
    everyNWeeks: s.everyNWeeks,
    pickupTime: s.pickupTime,
    startDate: s.startDate,
    endDate: s.endDate,
    holidayPolicy: s.holidayPolicy,
    leadDays: s.leadDays,
    active: s.active,
  };
}

function templateView(t: repo.TemplateRow, s: repo.ScheduleRow | undefined): TRequestTemplate {
  return {
    id: t.id,
    name: t.name,
    body: t.body as TCreateDeliveryBody,
    schedule: s ? scheduleView(s) : null,
    createdAt: iso(t.createdAt),
    updatedAt: iso(t.updatedAt),
  };
}

function occurrenceView(
  s: repo.ScheduleRow,
  date: string,
  movedFrom: string | null,
  row: repo.OccurrenceRow | undefined,
  holiday = false,
): TScheduleOccurrence {
  const edit = row?.edit ?? null;
  return {
    date,
    movedFrom,
    status: holiday ? 'SKIPPED' : (row?.status ?? 'PLANNED'),
    skipReason: holiday ? 'HOLIDAY' : (row?.skipReason ?? null),
    postOn: postingDay(date, s.leadDays),
    pickupAt: iso(japanInstant(date, edit?.pickupTime ?? s.pickupTime)),
    requestItemId: row?.requestItemId ?? null,
    edit,
  };
}

/** The create body of one occurrence: the template's stops moved to its pickup, its own changes applied. */
function occurrenceBody(template: repo.TemplateRow, pickupAt: Date, edit: repo.OccurrenceEdit): TCreateDeliveryBody {
  const body = template.body as TCreateDeliveryBody;
  const { selectionDeadline: _d, luggageImageIds: _i, ...rest } = body;
  return {
    ...rest,
    transports: shiftStops(body.transports, pickupAt),
    ...(edit.price !== undefined ? { price: edit.price } : {}),
    ...(edit.message !== undefined ? { message: edit.message } : {}),
  };
}

export function createRequestTemplateService(deps: Deps) {
  const { db } = deps;

  async function ownTemplate(tx: Database, auth: Viewer, templateId: string, lock = false) {
    const t = await repo.ownTemplate(tx, auth.userId, templateId, lock);
    if (!t) throw new AppError('REQUEST_TEMPLATE_NOT_FOUND');
    return t;
  }

  async function view(tx: Database, templateId: string, now: Date): Promise<TScheduleView> {
    const s = await repo.scheduleOf(tx, templateId);
    if (!s) return { schedule: null, upcoming: [], recent: [] };
    const today = japanDay(now);
    const recentRows = await repo.recentOccurrences(tx, templateId, today, RECENT_MAX);
    const recent = recentRows.map((r) => occurrenceView(s, r.date, null, r));
    if (!s.active) return { schedule: scheduleView(s), upcoming: [], recent };
    const from = today > s.startDate ? today : s.startDate;
    const to = addDays(from, UPCOMING_DAYS);
    const rows = new Map((await repo.occurrencesBetween(tx, templateId, from, to)).map((r) => [r.date, r]));
    const rule = ruleOf(s);
    const upcoming = [
      ...scheduledDays(rule, HOLIDAYS, from, to).map((d) => occurrenceView(s, d.date, d.movedFrom, rows.get(d.date))),
      ...holidaySkips(rule, HOLIDAYS, from, to).map((date) => occurrenceView(s, date, null, undefined, true)),
    ]
      .sort((a, b) => (a.date < b.date ? -1 : 1))
      .slice(0, UPCOMING_MAX);
    return { schedule: scheduleView(s), upcoming, recent };
  }

  /** An occurrence the shipper may still change: a future run day of the active schedule, not yet decided. */
  async function changeableOccurrence(tx: Database, auth: Viewer, templateId: string, date: string) {
    await ownTemplate(tx, auth, templateId, true);
    const s = await repo.scheduleOf(tx, templateId);
    if (!s?.active) throw new AppError('SCHEDULE_NOT_FOUND');
    const [day] = scheduledDays(ruleOf(s), HOLIDAYS, date, date);
    if (!day || date < japanDay(new Date())) throw new AppError('SCHEDULE_OCCURRENCE_NOT_FOUND');
    const row = await repo.planOccurrence(tx, templateId, date);
    if (row.status !== 'PLANNED') throw new AppError('SCHEDULE_OCCURRENCE_DECIDED');
    return { s, day, row };
  }

  return {
    /** 「同じ内容で依頼」: the contents of one of the shipper's deliveries, whatever its status. */
    repeatBody: (auth: Viewer, requestItemId: string) => ownDeliveryBody(db, auth, requestItemId),
    /** The same for one of its warehouse requests. */
    repeatWarehouseBody: (auth: Viewer, requestItemId: string) => ownWarehouseBody(db, auth, requestItemId),

    async list(auth: Viewer): Promise<TRequestTemplateList> {
      const templates = await repo.templatesOf(db, auth.userId);
      const schedules = new Map(
        (
          await repo.schedulesOf(
            db,
            templates.map((t) => t.id),
          )
        ).map((s) => [s.templateId, s]),
      );
      return { items: templates.map((t) => templateView(t, schedules.get(t.id))) };
    },

    async create(auth: Viewer, body: TCreateRequestTemplateBody): Promise<TRequestTemplate> {
      const content = await ownDeliveryBody(db, auth, body.requestItemId);
      const t = await repo.insertTemplate(db, { ownerId: auth.userId, name: body.name, body: content });
      return templateView(t, undefined);
    },

    async get(auth: Viewer, templateId: string): Promise<TRequestTemplate> {
      const t = await ownTemplate(db, auth, templateId);
      return templateView(t, await repo.scheduleOf(db, t.id));
    },

    async rename(auth: Viewer, templateId: string, name: string): Promise<TRequestTemplate> {
      return db.transaction(async (tx) => {
        await ownTemplate(tx, auth, templateId, true);
        const t = await repo.renameTemplate(tx, templateId, name);
        return templateView(t, await repo.scheduleOf(tx, t.id));
      });
    },

    async remove(auth: Viewer, templateId: string): Promise<{ message: string }> {
      await db.transaction(async (tx) => {
        await ownTemplate(tx, auth, templateId, true);
        await repo.deleteTemplate(tx, templateId);
      });
      return { message: SUCCESS_MESSAGES.templateDeleted };
    },

    async schedule(auth: Viewer, templateId: string): Promise<TScheduleView> {
      await ownTemplate(db, auth, templateId);
      return view(db, templateId, new Date());
    },

    /** Sets (or replaces) the schedule: occurrences are decided from today on, none before. */
    async setSchedule(auth: Viewer, templateId: string, body: TScheduleBody): Promise<TScheduleView> {
      return db.transaction(async (tx) => {
        await ownTemplate(tx, auth, templateId, true);
        const now = new Date();
        await repo.upsertSchedule(tx, {
          templateId,
          weekdays: [...new Set(body.weekdays)].sort(),
          everyNWeeks: body.everyNWeeks,
          pickupTime: body.pickupTime,
          startDate: body.startDate,
          endDate: body.endDate,
          holidayPolicy: body.holidayPolicy,
          leadDays: body.leadDays,
          active: true,
          effectiveFrom: japanDay(now),
        });
        return view(tx, templateId, now);
      });
    },

    async stopSchedule(auth: Viewer, templateId: string): Promise<TScheduleView> {
      return db.transaction(async (tx) => {
        await ownTemplate(tx, auth, templateId, true);
        if (!(await repo.scheduleOf(tx, templateId))?.active) throw new AppError('SCHEDULE_NOT_FOUND');
        await repo.deactivateSchedule(tx, templateId);
        return view(tx, templateId, new Date());
      });
    },

    async skip(auth: Viewer, templateId: string, date: string): Promise<TScheduleOccurrence> {
      return db.transaction(async (tx) => {
        const { s, day, row } = await changeableOccurrence(tx, auth, templateId, date);
        const skipped = await repo.settleOccurrence(tx, row.id, { status: 'SKIPPED', skipReason: 'BY_SHIPPER' });
        return occurrenceView(s, date, day.movedFrom, skipped);
      });
    },

    async edit(auth: Viewer, templateId: string, date: string, body: TOccurrenceEditBody): Promise<TScheduleOccurrence> {
      return db.transaction(async (tx) => {
        const { s, day, row } = await changeableOccurrence(tx, auth, templateId, date);
        const edit = { ...(row.edit ?? {}), ...defined(body) };
        const edited = await repo.settleOccurrence(tx, row.id, { edit });
        return occurrenceView(s, date, day.movedFrom, edited);
      });
    },
  };
}

export interface PostingResult {
  posted: number;
  skipped: number;
}

/**
 * The background job (jobs.ts, every minute): each active schedule's occurrences from the day it
 * was set (or its start) to `leadDays` ahead that no row has decided yet are claimed one by one,
 * each in its own transaction with its request and its notice. An occurrence whose pickup is less
 * than SCHEDULE_MIN_NOTICE_HOURS away (the job was down, or the schedule was set late) is recorded
 * as skipped and the shipper told, never posted late.
 */
export async function postDueOccurrences(deps: Deps & EventDeps, now = new Date()): Promise<PostingResult> {
  const items = createRequestItemsService(deps);
  const result: PostingResult = { posted: 0, skipped: 0 };
  const today = japanDay(now);
  for (const { schedule: s, template } of await repo.activeSchedules(deps.db)) {
    const from = [s.startDate, s.effectiveFrom].sort()[1]!;
    const to = addDays(today, s.leadDays);
    if (from > to) continue;
    const decided = new Set(
      (await repo.occurrencesBetween(deps.db, template.id, from, to)).filter((r) => r.status !== 'PLANNED').map((r) => r.date),
    );
    for (const day of scheduledDays(ruleOf(s), HOLIDAYS, from, to)) {
      if (decided.has(day.date)) continue;
      const outcome = await withEvents(deps, async (tx, emit) => {
        const claimed = await repo.claimOccurrence(tx, template.id, day.date);
        if (!claimed) return null; // another runner decided it
        const edit = claimed.edit ?? {};
        const pickupAt = japanInstant(day.date, edit.pickupTime ?? s.pickupTime);
        if (pickupAt.getTime() - now.getTime() < SCHEDULE_MIN_NOTICE_HOURS * 3_600_000) {
          await repo.settleOccurrence(tx, claimed.id, { status: 'SKIPPED', skipReason: 'TOO_LATE' });
          await emit({
            type: 'SCHEDULED_REQUEST_SKIPPED',
            userId: template.ownerId,
            templateName: template.name,
            date: day.date,
          });
          return 'skipped' as const;
        }
        const item = await items.createDeliveryIn(tx, template.ownerId, occurrenceBody(template, pickupAt, edit));
        await repo.settleOccurrence(tx, claimed.id, { requestItemId: item.id });
        await emit({
          type: 'SCHEDULED_REQUEST_POSTED',
          userId: template.ownerId,
          requestItemId: item.id,
          templateName: template.name,
          date: day.date,
        });
        return 'posted' as const;
      });
      if (outcome) result[outcome]++;
    }
  }
  return result;
}
