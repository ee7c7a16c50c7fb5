/**
 * Measured facts (decision 105): a carrier's finished deliveries and the measured stops at each
 * site, written in the transaction that finishes a job, and read per list in one statement from
 * their indexes.
 */
import { type SQL, and, eq, isNull, sql } from 'drizzle-orm';
import { TRUST_RULES, type TRequestStatus } from '@logi/contract';
import {
  candidates,
  carrierJobFacts,
  requestItems,
  reviews,
  siteStopFacts,
  stopTimeRecords,
  transportStops,
  users,
} from '../../db/schema';
import { type Database, preparedRowsOf, preparedStatement, rowsOf } from '../../platform/db/database';
import { SHORT_WAIT_TAG } from '../../domain/site-key';

const DAY_MS = 24 * 60 * 60 * 1000;

/** A live request item, or undefined (a review's job, read without the access service's 404). */
export async function findLiveItem(db: Database, id: string): Promise<typeof requestItems.$inferSelect | undefined> {
  const [row] = await db
    .select()
    .from(requestItems)
    .where(and(eq(requestItems.id, id), isNull(requestItems.deletedAt)));
  return row;
}

/** The carrier of an approved job: the approved applicant's driver manager, else the applicant itself. */
export async function carrierOfJob(db: Database, requestItemId: string): Promise<string | null> {
  const [row] = await rowsOf<{ carrier_id: string }>(
    db,
    sql`select coalesce(u.parent_id, u.id) as carrier_id from ${requestItems} ri
        join ${users} u on u.id = ri.receiver_id where ri.id = ${requestItemId}`,
  );
  return row?.carrier_id ?? null;
}

/**
 * A completed delivery's facts: its pickup and delivery stops with a recorded arrival, and those
 * that arrived by the end of the stop's window (time_to). A stop without an arrival is not counted.
 */
export async function insertCompletedJob(db: Database, requestItemId: string, at: Date): Promise<void> {
  await db.execute(sql`
    insert into ${carrierJobFacts} (request_item_id, carrier_id, outcome, finished_at,
      pickup_measured, pickup_on_time, delivery_measured, delivery_on_time)
    select ri.id, coalesce(u.parent_id, u.id), 'COMPLETED', ${at},
      count(r.id) filter (where s.transport_type = 'PICKUP'),
      count(r.id) filter (where s.transport_type = 'PICKUP' and r.occurred_at <= s.time_to),
      count(r.id) filter (where s.transport_type = 'DELIVERY'),
      count(r.id) filter (where s.transport_type = 'DELIVERY' and r.occurred_at <= s.time_to)
    from ${requestItems} ri
    join ${users} u on u.id = ri.receiver_id
    left join ${transportStops} s on s.request_item_id = ri.id
    left join ${stopTimeRecords} r on r.stop_id = s.id and r.event = 'ARRIVED'
    where ri.id = ${requestItemId}
    group by ri.id, u.parent_id, u.id
    on conflict (request_item_id) do nothing`);
}

/** A delivery cancelled after its approval counts against nothing but its count. */
export async function insertCancelledJob(db: Database, requestItemId: string, at: Date): Promise<void> {
  await db.execute(sql`
    insert into ${carrierJobFacts} (request_item_id, carrier_id, outcome, finished_at)
    select ri.id, coalesce(u.parent_id, u.id), 'CANCELLED', ${at}
    from ${requestItems} ri join ${users} u on u.id = ri.receiver_id
    where ri.id = ${requestItemId}
    on conflict (request_item_id) do nothing`);
}

export interface TimedStop {
  id: string;
  position: number;
  transportType: string;
  prefecture: string;
  city: string;
  town: string;
  block: string;
  arrivedAt: Date | null;
  startedAt: Date | null;
  finishedAt: Date | null;
}

/** A job's pickup and delivery stops with their arrival and handling times. */
export async function timedStopsOf(db: Database, requestItemId: string): Promise<TimedStop[]> {
  const rows = await rowsOf<{
    id: string;
    position: number;
    transport_type: string;
    prefecture: string;
    city: string;
    town: string;
    block: string;
    arrived: string | null;
    started: string | null;
    finished: string | null;
  }>(
    db,
    sql`select s.id, s.position, s.transport_type, s.prefecture, s.city, s.town, s.block,
          max(r.occurred_at) filter (where r.event = 'ARRIVED') as arrived,
          max(r.occurred_at) filter (where r.event = 'LOADING_STARTED') as started,
          max(r.occurred_at) filter (where r.event = 'LOADING_FINISHED') as finished
        from ${transportStops} s left join ${stopTimeRecords} r on r.stop_id = s.id
        where s.request_item_id = ${requestItemId} and s.transport_type in ('PICKUP', 'DELIVERY')
        group by s.id order by s.position`,
  );
  const at = (v: string | null) => (v === null ? null : new Date(v));
  return rows.map((r) => ({
    id: r.id,
    position: r.position,
    transportType: r.transport_type,
    prefecture: r.prefecture,
    city: r.city,
    town: r.town,
    block: r.block,
    arrivedAt: at(r.arrived),
    startedAt: at(r.started),
    finishedAt: at(r.finished),
  }));
}

export type NewSiteStop = typeof siteStopFacts.$inferInsert;

export async function insertSiteStops(db: Database, rows: NewSiteStop[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(siteStopFacts).values(rows).onConflictDoNothing();
}

/**
 * Marks the open requests (given by id, or by any of their site tags) whose measured sites wait
 * under an hour: at least one of their sites has enough measured stops in the window, and every
 * such site averages under `shortWaitMinutes`. The others lose the mark.
 */
export async function refreshShortWait(db: Database, target: { ids: string[] } | { siteTags: string[] }, now: Date) {
  const since = new Date(now.getTime() - TRUST_RULES.siteDays * DAY_MS);
  const which =
    'ids' in target
      ? sql`ri.id = any(${`{${target.ids.join(',')}}`}::uuid[])`
      : sql`ri.filter_tags && ${`{${target.siteTags.map((t) => JSON.stringify(t)).join(',')}}`}::text[]`;
  if ('ids' in target ? target.ids.length === 0 : target.siteTags.length === 0) return;
  await db.execute(sql`
    update ${requestItems} ri
    set filter_tags = array_remove(ri.filter_tags, ${SHORT_WAIT_TAG}) || case when coalesce((
        select bool_and(st.average < ${TRUST_RULES.shortWaitMinutes})
        from unnest(ri.filter_tags) tag
        cross join lateral (
          select count(*) as n, avg(f.waiting_minutes) as average from ${siteStopFacts} f
          where f.site_key = substr(tag, 3) and f.arrived_at >= ${since}) st
        where tag like 'S:%' and st.n >= ${TRUST_RULES.siteMinStops}), false)
      then array[${SHORT_WAIT_TAG}]::text[] else '{}'::text[] end
    where ${which} and ri.status = 'WAITING_APPROVE' and ri.deleted_at is null`);
}

/** The sites whose measured stops leave the window between `from` and `to` (the nightly refresh). */
export async function sitesLeavingWindow(db: Database, from: Date, to: Date): Promise<string[]> {
  const rows = await rowsOf<{ site_key: string }>(
    db,
    sql`select distinct site_key from ${siteStopFacts} where arrived_at >= ${from} and arrived_at < ${to}`,
  );
  return rows.map((r) => r.site_key);
}

/** A request's pickup and delivery stop as its measured waiting names the site. */
export interface SiteStop {
  position: number;
  transportType: string;
  prefecture: string;
  city: string;
  town: string;
  block: string;
}

/** A live request's read rule's inputs, its pickup and delivery stops and its shipper's rating. */
export interface RequestTrustFacts {
  id: string;
  type: string;
  status: TRequestStatus;
  creatorId: string;
  receiverId: string | null;
  carrierId: string | null;
  /** The viewer has an application on the request (any status). */
  applied: boolean;
  stops: SiteStop[];
  rating: { count: number; average: number | null };
}

/**
 * One prepared statement (as the lane prices' read, decision 103): the request's parties and
 * status, whether the viewer applied (one probe of candidates' (item, applicant) index), its
 * stops in order and its creator's visible reviews (the subject index alone).
 */
const requestTrustStatement = preparedStatement<
  Omit<RequestTrustFacts, 'stops' | 'rating'> & { stops: SiteStop[] | null; n: number; avg: string | null }
>(sql`
  select r.id, r.type, r.status, r.creator_id as "creatorId", r.receiver_id as "receiverId", r.carrier_id as "carrierId",
    exists (select 1 from ${candidates} a
            where a.request_item_id = r.id and a.applicant_id = ${sql.placeholder('viewerId')}::uuid) as applied,
    (select json_agg(json_build_object('position', s.position, 'transportType', s.transport_type,
        'prefecture', s.prefecture, 'city', s.city, 'town', s.town, 'block', s.block) order by s.position)
      from ${transportStops} s where s.request_item_id = r.id and s.transport_type in ('PICKUP', 'DELIVERY')) as stops,
    v.n, v.avg
  from ${requestItems} r
  cross join lateral (select count(*)::int as n, avg(rating) as avg from ${reviews}
    where subject_id = r.creator_id and hidden_at is null) v
  where r.id = ${sql.placeholder('id')}::uuid and r.deleted_at is null`);

/** The request's trust facts for `viewerId`; undefined when unknown or deleted. */
export async function requestTrustFacts(
  db: Database,
  requestItemId: string,
  viewerId: string,
): Promise<RequestTrustFacts | undefined> {
  const [row] = await requestTrustStatement(db, { id: requestItemId, viewerId });
  if (!row) return undefined;
  const { n, avg, stops, ...rest } = row;
  return { ...rest, stops: stops ?? [], rating: { count: n, average: avg === null ? null : Number(avg) } };
}

export interface SiteFigures {
  siteKey: string;
  stops: number;
  averageWaiting: number | null;
  averageHandling: number | null;
  overLimit: number;
}

/** Each site's measured stops of the window, in one statement over the site index. */
export async function siteFigures(db: Database, siteKeys: string[], now: Date): Promise<Map<string, SiteFigures>> {
  if (siteKeys.length === 0) return new Map();
  const since = new Date(now.getTime() - TRUST_RULES.siteDays * DAY_MS);
  // Prepared: its text is one whatever the sites (their keys are one parameter).
  const rows = await preparedRowsOf<{ site_key: string; n: number; w: string | null; h: string | null; o: number }>(
    db,
    sql`select site_key, count(*)::int as n, avg(waiting_minutes) as w, avg(handling_minutes) as h,
          count(*) filter (where over_limit)::int as o
        from ${siteStopFacts}
        where site_key = any(${`{${siteKeys.map((k) => JSON.stringify(k)).join(',')}}`}::text[]) and arrived_at >= ${since}
        group by site_key`,
  );
  return new Map(
    rows.map((r) => [
      r.site_key,
      {
        siteKey: r.site_key,
        stops: r.n,
        averageWaiting: r.w === null ? null : Number(r.w),
        averageHandling: r.h === null ? null : Number(r.h),
        overLimit: r.o,
      },
    ]),
  );
}

export interface CarrierFigures {
  carrierId: string;
  completed: number;
  cancelled: number;
  pickupMeasured: number;
  pickupOnTime: number;
  deliveryMeasured: number;
  deliveryOnTime: number;
  reviews: number;
  rating: number | null;
}

/** CarrierFigures as `carrierFiguresJson` builds them, before `figuresOf` (avg() is numeric: text in JSON). */
export type CarrierFiguresJson = Omit<CarrierFigures, 'carrierId' | 'rating'> & { rating: number | string | null };

/**
 * A carrier's finished jobs since `since` and its visible reviews as one JSON object, for a
 * statement that reads them per row (the candidates list, `carrierFigures`): an index-only range
 * of carrier_job_facts and of the reviews' subject index.
 */
export const carrierFiguresJson = (carrierId: SQL, since: SQL): SQL => sql`(select json_build_object(
    'completed', count(*) filter (where outcome = 'COMPLETED'),
    'cancelled', count(*) filter (where outcome = 'CANCELLED'),
    'pickupMeasured', coalesce(sum(pickup_measured), 0), 'pickupOnTime', coalesce(sum(pickup_on_time), 0),
    'deliveryMeasured', coalesce(sum(delivery_measured), 0), 'deliveryOnTime', coalesce(sum(delivery_on_time), 0),
    'reviews', (select count(*) from ${reviews} where subject_id = ${carrierId} and hidden_at is null),
    'rating', (select avg(rating) from ${reviews} where subject_id = ${carrierId} and hidden_at is null))
  from ${carrierJobFacts} where carrier_id = ${carrierId} and finished_at >= ${since})`;

export const figuresOf = (carrierId: string, f: CarrierFiguresJson): CarrierFigures => ({
  carrierId,
  ...f,
  rating: f.rating === null ? null : Number(f.rating),
});

/** Each carrier's figures (`carrierFiguresJson`), in one statement. */
export async function carrierFigures(db: Database, carrierIds: string[], since: Date): Promise<Map<string, CarrierFigures>> {
  const ids = [...new Set(carrierIds)];
  if (ids.length === 0) return new Map();
  const rows = await rowsOf<{ id: string; f: CarrierFiguresJson }>(
    db,
    sql`select c.id, ${carrierFiguresJson(sql`c.id`, sql`${since}`)} as f
        from unnest(${`{${ids.join(',')}}`}::uuid[]) as c(id)`,
  );
  return new Map(rows.map((r) => [r.id, figuresOf(r.id, r.f)]));
}
