/**
 * The demo's finished work (docs/decisions/103-demo-completed-jobs-and-lane-prices.md): eight
 * deliveries of the demo customer's, carried in the past week by 株式会社サンプル運輸 (driver1
 * directly, or the demo manager's application with driver1 assigned, and one the manager drove
 * itself), each taken through the real calls as people would: posted, bid on or taken at its
 * price, approved, meeting complete on both sides, the four taps at each stop, the report with its
 * three images, the customer's approval. Seven run the office move's lane (東京都 → 神奈川県, 2t),
 * so an open demo request shows the market's lane prices (five jobs or more); three of them waited
 * over two hours at the customer's 東雲 warehouse, which the waiting figures of a site show.
 *
 * Two things the calls cannot do on their own, because they stamp "now": the approval has to lie
 * before the drive (a tap earlier than the approval is refused), and the report and completion
 * belong the morning after it. `moveJobStamps` does both in one documented SQL step: every time
 * the services wrote for a job since a given instant moves, in order, to a given instant in the past.
 * The planned stop times are the body's own (past dates are accepted when posting) and never move.
 */
import { sql } from 'drizzle-orm';
import { type TCreateDeliveryBody, type TStopTimeEvent, type TTransportStopInput, ZCreateDeliveryBody } from '@logi/contract';
import { v7 as uuidv7 } from 'uuid';
import { createCandidatesService } from '../modules/candidates/candidates.service';
import { createCompanyDriversService } from '../modules/company-drivers/company-drivers.service';
import { createRequestItemsService } from '../modules/request-items/request-items.service';
import { createRequestLifecycleService } from '../modules/request-lifecycle/request-lifecycle.service';
import { createStopTimeService } from '../modules/stop-times/stop-times.service';
import type { Database } from '../platform/db/database';
import type { Deps } from '../platform/deps';
import type { AuthContext } from '../platform/http/auth-context';
import { japanTime } from './market';
import { plainPng, uploadDemoFiles } from './uploads';

const MINUTE = 60_000;

export interface DemoJobUsers {
  customerId: string;
  driver1Id: string;
  managerId: string;
  driver3Id: string;
}

/** Minutes after the stop's window opens that the truck arrived, then waited, worked, and left. */
interface Taps {
  arrive: number;
  wait: number;
  work: number;
  leave: number;
}

type DemoStop = Omit<TTransportStopInput, 'timeFrom' | 'timeTo'> & { from: number; to: number; taps: Taps };

interface DemoJob {
  /** The Japan-time day of the drive, counted back from today. */
  daysAgo: number;
  /**
   * Who applied: driver1 itself, or the manager (who then assigns driver1, or drives itself); or
   * driver3 of 株式会社ミナト急便, the unverified company, for itself.
   */
  applicant: 'driver1' | 'manager' | 'driver3';
  carrier: 'driver1' | 'manager' | 'driver3';
  /** A bid on an estimation request; absent: the request's fixed price, taken as listed. */
  bid?: number;
  body: Omit<TCreateDeliveryBody, 'transports'>;
  stops: DemoStop[];
}

/** The customer's warehouse, where the trucks wait (the site whose waiting the figures show). */
const shinonome = {
  transportType: 'PICKUP' as const,
  postalCode: '135-0062',
  prefecture: '東京都',
  city: '江東区',
  town: '東雲',
  block: '2-7-1',
  building: 'サンプル物産 東雲物流センター',
  name: '出荷担当 森',
  phone: '0335290110',
  elevator: 'NOT_NEEDED' as const,
};

const headOffice = {
  transportType: 'PICKUP' as const,
  postalCode: '100-0005',
  prefecture: '東京都',
  city: '千代田区',
  town: '丸の内',
  block: '1-9-1',
  building: 'サンプル丸の内ビル 12階',
  name: '総務部 鈴木',
  phone: '0362810001',
  elevator: 'YES' as const,
};

const minatomirai = {
  transportType: 'DELIVERY' as const,
  postalCode: '220-0012',
  prefecture: '神奈川県',
  city: '横浜市西区',
  town: 'みなとみらい',
  block: '3-6-1',
  building: 'みなとみらいセンタービル 8階',
  name: '横浜支店 井上',
  phone: '0452230404',
  elevator: 'YES' as const,
};

const yamashita = {
  transportType: 'DELIVERY' as const,
  postalCode: '231-0023',
  prefecture: '神奈川県',
  city: '横浜市中区',
  town: '山下町',
  block: '2-5',
  building: '山下町流通センター',
  name: '入荷担当 石井',
  phone: '0456620707',
  elevator: 'NOT_NEEDED' as const,
};

const kanagawaKu = {
  transportType: 'DELIVERY' as const,
  postalCode: '221-0031',
  prefecture: '神奈川県',
  city: '横浜市神奈川区',
  town: '新浦島町',
  block: '1-1-25',
  building: '横浜ベイ物流センター',
  name: '入荷担当 坂本',
  phone: '0454410909',
  elevator: 'NOT_NEEDED' as const,
};

/** The office move's load (2t, room temperature) with the agreed waiting charge. */
const officeLoad = (baggageName: string, totalWeight: number, price?: number): DemoJob['body'] => ({
  vehicleType: 'TWO_T_TRUCK',
  vehicleTemperatureRange: 'ROOM',
  baggageName,
  material: '段ボール・木製',
  totalAmount: 30,
  totalWeight,
  waitingChargePer30Min: 1800,
  ...(price === undefined ? {} : { price }),
});

const quick: Taps = { arrive: 10, wait: 15, work: 40, leave: 10 };
const unload: Taps = { arrive: 20, wait: 10, work: 35, leave: 5 };

/**
 * The eight jobs of 株式会社サンプル運輸, oldest first (waits over two hours at 東雲: the first, the
 * fifth and the seventh), then the three of 株式会社ミナト急便.
 */
export const DEMO_COMPLETED_JOBS: readonly DemoJob[] = [
  {
    daysAgo: 6,
    applicant: 'driver1',
    carrier: 'driver1',
    bid: 33000,
    body: officeLoad('販促什器（陳列棚）', 900),
    stops: [
      { ...shinonome, from: 8, to: 9, taps: { arrive: 5, wait: 150, work: 45, leave: 10 } },
      { ...minatomirai, from: 13, to: 16, taps: unload },
    ],
  },
  {
    daysAgo: 5,
    applicant: 'manager',
    carrier: 'driver1',
    body: officeLoad('事務用品（コピー用紙・トナー）', 1200, 30000),
    stops: [
      { ...shinonome, from: 8, to: 9, taps: { arrive: 0, wait: 35, work: 40, leave: 5 } },
      { ...yamashita, from: 11, to: 13, taps: unload },
    ],
  },
  {
    daysAgo: 5,
    applicant: 'manager',
    carrier: 'manager',
    body: {
      vehicleType: 'TEN_T_TRUCK',
      vehicleTemperatureRange: 'ROOM',
      baggageName: '建築用鋼材（角パイプ）',
      material: '鋼材',
      totalWeight: 7800,
      size: '長さ5.5m',
      price: 62000,
    },
    stops: [
      {
        transportType: 'PICKUP',
        postalCode: '332-0034',
        prefecture: '埼玉県',
        city: '川口市',
        town: '並木',
        block: '2-4-8',
        name: '川口資材置場 渡辺',
        phone: '0482500707',
        elevator: 'NOT_NEEDED',
        from: 7,
        to: 9,
        taps: { arrive: 15, wait: 30, work: 50, leave: 10 },
      },
      {
        transportType: 'DELIVERY',
        postalCode: '261-0023',
        prefecture: '千葉県',
        city: '千葉市美浜区',
        town: '中瀬',
        block: '2-6-1',
        name: '建設現場 加藤',
        phone: '0432960808',
        elevator: 'NOT_NEEDED',
        from: 12,
        to: 15,
        taps: { arrive: 30, wait: 20, work: 60, leave: 10 },
      },
    ],
  },
  {
    daysAgo: 4,
    applicant: 'driver1',
    carrier: 'driver1',
    body: officeLoad('会議室什器（テーブル・椅子）', 700, 28000),
    stops: [
      { ...headOffice, from: 9, to: 10, taps: quick },
      { ...minatomirai, from: 13, to: 15, taps: unload },
    ],
  },
  {
    daysAgo: 4,
    applicant: 'manager',
    carrier: 'driver1',
    bid: 38000,
    body: officeLoad('季節商品（店頭什器・POP）', 1500),
    stops: [
      { ...shinonome, from: 14, to: 15, taps: { arrive: 10, wait: 130, work: 50, leave: 10 } },
      { ...kanagawaKu, from: 18, to: 21, taps: unload },
    ],
  },
  {
    daysAgo: 3,
    applicant: 'driver1',
    carrier: 'driver1',
    bid: 31500,
    body: officeLoad('OA機器（複合機 2台）', 800),
    stops: [
      { ...shinonome, from: 8, to: 9, taps: { arrive: 5, wait: 40, work: 35, leave: 5 } },
      { ...minatomirai, from: 12, to: 14, taps: unload },
    ],
  },
  {
    daysAgo: 2,
    applicant: 'manager',
    carrier: 'driver1',
    body: officeLoad('販促物（カタログ・パンフレット）', 1100, 35000),
    stops: [
      { ...shinonome, from: 7, to: 8, taps: { arrive: 0, wait: 185, work: 40, leave: 10 } },
      { ...yamashita, from: 12, to: 14, taps: unload },
    ],
  },
  {
    daysAgo: 2,
    applicant: 'driver1',
    carrier: 'driver1',
    bid: 29000,
    body: officeLoad('書類保管箱（文書箱 40箱）', 600),
    stops: [
      { ...headOffice, from: 15, to: 16, taps: quick },
      { ...minatomirai, from: 17, to: 19, taps: unload },
    ],
  },
  // 株式会社ミナト急便 (driver3): three jobs, enough for its facts and rating; late once at a pickup.
  {
    daysAgo: 4,
    applicant: 'driver3',
    carrier: 'driver3',
    bid: 27500,
    body: officeLoad('店舗備品（什器・看板）', 500),
    stops: [
      { ...headOffice, from: 13, to: 14, taps: { arrive: 75, wait: 10, work: 30, leave: 5 } },
      { ...yamashita, from: 16, to: 18, taps: unload },
    ],
  },
  {
    daysAgo: 3,
    applicant: 'driver3',
    carrier: 'driver3',
    body: officeLoad('展示会資材（パネル・什器）', 900, 33500),
    stops: [
      { ...headOffice, from: 9, to: 10, taps: quick },
      { ...kanagawaKu, from: 13, to: 15, taps: unload },
    ],
  },
  {
    daysAgo: 2,
    applicant: 'driver3',
    carrier: 'driver3',
    bid: 30500,
    body: officeLoad('事務機器（シュレッダー・棚）', 750),
    stops: [
      { ...headOffice, from: 10, to: 11, taps: quick },
      { ...minatomirai, from: 14, to: 16, taps: unload },
    ],
  },
];

// ───────────────────────── the report's images ─────────────────────────

const REPORT_IMAGES = [
  ['受領書.png', plainPng([245, 245, 240])],
  ['受領サイン.png', plainPng([220, 228, 240])],
  ['配達完了.png', plainPng([200, 215, 200])],
] as const;

/** The carrier's three photos, uploaded as the app uploads them (uploads.ts). */
const uploadReportImages = (deps: Deps, carrier: AuthContext) =>
  uploadDemoFiles(
    deps,
    carrier,
    'delivery-report',
    REPORT_IMAGES.map(([fileName, content]) => ({ fileName, fileType: 'image/png', content })),
  );

// ───────────────────────── the one SQL step ─────────────────────────

/**
 * Moves every time the services wrote for a job at or after `since` by (`to` − `since`), so that
 * those writes keep their order and start at `to`: the request and its delivery part, its stops'
 * records, the applications, the talkrooms and their messages, the
 * job's notifications (marked read: they are old news), the report's files, the lane facts and the
 * invoice draft (its service day follows the completion). Times before `since` (the planned stop
 * times, the taps) stay, and so does the 運送条件書: the database keeps issued documents immutable,
 * so it says it was issued on the day the demo was seeded. A tap's server time is set to its own
 * time: the demo's devices were online.
 * Only for the demo seed, on jobs it has just made.
 */
export async function moveJobStamps(db: Database, requestItemId: string, since: Date, to: Date): Promise<void> {
  const delta = sql`make_interval(secs => ${(to.getTime() - since.getTime()) / 1000})`;
  const from = since.toISOString();
  const moved = (column: string) =>
    sql`${sql.identifier(column)} = case when ${sql.identifier(column)} >= ${from}::timestamptz then ${sql.identifier(column)} + ${delta} else ${sql.identifier(column)} end`;
  const update = (table: string, columns: string[], where: ReturnType<typeof sql>) =>
    db.execute(sql`update ${sql.identifier(table)} set ${sql.join(columns.map(moved), sql`, `)} where ${where}`);
  const item = sql`request_item_id = ${requestItemId}`;
  const documents = sql`id in (select document_id from invoice_document_jobs where request_item_id = ${requestItemId})`;
  await update('request_items', ['created_at', 'updated_at', 'approved_at', 'completed_at'], sql`id = ${requestItemId}`);
  await update('delivery_items', ['created_at', 'updated_at', 'reported_at'], item);
  await update('transport_stops', ['created_at', 'updated_at'], item);
  await update('candidates', ['created_at', 'updated_at'], item);
  await update(
    'talkrooms',
    ['created_at', 'updated_at', 'customer_meeting_completed_at', 'driver_meeting_completed_at', 'last_message_at'],
    item,
  );
  await update('messages', ['created_at', 'updated_at'], sql`talkroom_id in (select id from talkrooms where ${item})`);
  await update('notifications', ['created_at'], item);
  await update('user_notifications', ['created_at'], sql`notification_id in (select id from notifications where ${item})`);
  await db.execute(
    sql`update user_notifications set is_read = true, read_at = created_at + interval '1 hour'
        where not is_read and notification_id in (select id from notifications where ${item})`,
  );
  await update(
    'files',
    ['created_at', 'updated_at', 'uploaded_at', 'attached_at'],
    sql`entity_type = 'DELIVERY_REPORT' and entity_id = ${requestItemId}`,
  );
  await update('completed_job_lanes', ['completed_at'], item);
  await update('invoice_documents', ['created_at', 'updated_at'], documents);
  await update(
    'invoice_lines',
    ['created_at', 'updated_at'],
    sql`document_id in (select id from invoice_documents where ${documents})`,
  );
  await db.execute(sql`
    update invoice_documents d set service_day = (r.completed_at at time zone 'Asia/Tokyo')::date
    from request_items r where r.id = ${requestItemId} and r.completed_at is not null and d.${sql.identifier('id')} in (
      select document_id from invoice_document_jobs where request_item_id = ${requestItemId})`);
  await db.execute(sql`update stop_time_records set created_at = occurred_at where ${item}`);
}

// ───────────────────────── the jobs ─────────────────────────

const at = (iso: string, minutes: number) => new Date(Date.parse(iso) + minutes * MINUTE);

/**
 * Makes the demo's completed jobs through the services, each call in its own transaction as over
 * HTTP, and answers their request item ids (oldest first). Run after the market (seed.ts).
 */
export async function seedDemoCompletedJobs(deps: Deps, users: DemoJobUsers, now = new Date()): Promise<string[]> {
  const items = createRequestItemsService(deps);
  const candidates = createCandidatesService(deps);
  const companyDrivers = createCompanyDriversService(deps);
  const lifecycle = createRequestLifecycleService(deps);
  const stopTimes = createStopTimeService(deps);
  const customer: AuthContext = { userId: users.customerId, role: 'CUSTOMER', familyId: 'demo-seed' };
  const driver1: AuthContext = { userId: users.driver1Id, role: 'DRIVER', familyId: 'demo-seed' };
  const manager: AuthContext = { userId: users.managerId, role: 'DRIVER_MANAGER', familyId: 'demo-seed' };
  const driver3: AuthContext = { userId: users.driver3Id, role: 'DRIVER', familyId: 'demo-seed' };
  const who = { driver1, manager, driver3 };

  const ids: string[] = [];
  for (const job of DEMO_COMPLETED_JOBS) {
    const posted = new Date();
    const transports = job.stops.map(({ from, to, taps: _taps, ...s }) => ({
      ...s,
      timeFrom: japanTime(now, -job.daysAgo, from),
      timeTo: japanTime(now, -job.daysAgo, to),
    }));
    const item = await items.createDelivery(customer, ZCreateDeliveryBody.parse({ ...job.body, transports }));
    const applicant = who[job.applicant];
    const carrier = who[job.carrier];
    const applied =
      job.bid === undefined
        ? await candidates.applyFixedPrice(applicant, { requestItemId: item.id })
        : await candidates.requestPrice(applicant, { requestItemId: item.id, price: job.bid });
    await candidates.approve(customer, applied.candidate.id, { requestItemId: item.id });
    if (applicant !== carrier) await companyDrivers.assignCarrier(manager, item.id, carrier.userId);
    await lifecycle.inactivateTalkroom(customer, applied.candidate.talkroom.id);
    await lifecycle.confirmReceive(carrier, item.id);
    // Posted, approved and agreed three days before the drive, at ten in the morning.
    await moveJobStamps(deps.db, item.id, posted, new Date(japanTime(now, -job.daysAgo - 3, 10)));

    const { stops } = await stopTimes.read(carrier, item.id);
    for (const [n, stop] of stops.entries()) {
      const { taps } = job.stops[n]!;
      const arrived = at(transports[n]!.timeFrom, taps.arrive);
      const moments: [TStopTimeEvent, Date][] = [
        ['ARRIVED', arrived],
        ['LOADING_STARTED', at(arrived.toISOString(), taps.wait)],
        ['LOADING_FINISHED', at(arrived.toISOString(), taps.wait + taps.work)],
        ['DEPARTED', at(arrived.toISOString(), taps.wait + taps.work + taps.leave)],
      ];
      for (const [event, when] of moments) {
        await stopTimes.record(carrier, item.id, {
          clientId: uuidv7(),
          stopId: stop.stopId,
          event,
          occurredAt: when.toISOString(),
        });
      }
    }

    const reported = new Date();
    const [receiptImageId, recipientSignatureImageId, deliveryImageId] = await uploadReportImages(deps, carrier);
    await lifecycle.report(carrier, item.id, { receiptImageId, recipientSignatureImageId, deliveryImageId });
    await lifecycle.complete(customer, item.id);
    // Reported and approved the next morning.
    await moveJobStamps(deps.db, item.id, reported, new Date(japanTime(now, -job.daysAgo + 1, 10)));
    ids.push(item.id);
  }
  return ids;
}

/**
 * The notices the demo's history sent (the past week's stop events, invoices and reviews), dated and read as
 * the jobs' own were: a fresh demo's newest and only unread notices are the market's (decision 103).
 */
export async function markDemoHistoryRead(db: Database, types: readonly string[]): Promise<void> {
  const history = sql`select id from notifications where type in (${sql.join(
    types.map((t) => sql`${t}`),
    sql`, `,
  )})`;
  // At its job's completion at the latest; a statement (no one job) the day before.
  await db.execute(
    sql`update notifications n set created_at = coalesce(
          (select least(n.created_at, r.completed_at) from request_items r where r.id = n.request_item_id),
          n.created_at - interval '1 day')
        where n.id in (${history})`,
  );
  await db.execute(
    sql`update user_notifications u set created_at = n.created_at, is_read = true, read_at = n.created_at + interval '1 hour'
        from notifications n where n.id = u.notification_id and n.id in (${history})`,
  );
}
