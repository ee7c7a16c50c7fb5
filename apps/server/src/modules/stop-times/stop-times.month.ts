/**
 * A Japan-time month of stops (decisions 061, 085): the customer's report per site, and the
 * waiting charge statement (CSV) a customer or a carrier downloads to bill or to check a bill.
 * Both read the same stops: those whose arrival falls in the month.
 */
import {
  STOP_TIMES_TEXT,
  type TStopTimeReport,
  type TStopTimeReportStop,
  TransportType,
  requestReference,
  toCsv,
} from '@logi/contract';
import { tokyoMonthOf, tokyoMonthRange } from '../../domain/stop-times';
import type { Database } from '../../platform/db/database';
import * as repo from './stop-times.repository';
import { correctionsByStop, momentsByStop, toStopTimes } from './stop-times.view';

export type MonthStop = TStopTimeReportStop & { customerCompany: string | null };

/** The party's stops that arrived in the month, oldest arrival first (four queries whatever the month holds). */
export async function monthStops(db: Database, party: repo.StatementParty, month: string): Promise<MonthStop[]> {
  const { from, to } = tokyoMonthRange(month);
  const items = await repo.statementItems(db, party, from, to);
  const ids = items.map((i) => i.id);
  const [stops, records, corrections] = await Promise.all([
    repo.timedStops(db, ids),
    repo.recordsOf(db, ids),
    repo.correctionsOf(db, ids),
  ]);
  const itemsById = new Map(items.map((i) => [i.id, i]));
  const byStop = momentsByStop(records);
  const corrected = correctionsByStop(corrections);
  const rows: MonthStop[] = [];
  for (const stop of stops) {
    const moments = byStop.get(stop.id) ?? {};
    if (!moments.ARRIVED || tokyoMonthOf(moments.ARRIVED) !== month) continue;
    const item = itemsById.get(stop.requestItemId)!;
    rows.push({
      ...toStopTimes(stop, moments, item.waitingRate, corrected.get(stop.id)),
      requestItemId: item.id,
      baggageName: item.baggageName,
      customerCompany: item.customerCompany,
    });
  }
  return rows.sort((a, b) => (a.arrivedAt! < b.arrivedAt! ? -1 : 1));
}

const chargeTotal = (stops: readonly { waitingCharge: number | null }[]) =>
  stops.reduce((sum, s) => sum + (s.waitingCharge ?? 0), 0);

/** The customer's month per site, the sites with the most stops over two hours first, with the month's waiting charges. */
export async function monthReport(db: Database, customerId: string, month: string): Promise<TStopTimeReport> {
  const stops = await monthStops(db, { customerId }, month);
  const bySite = new Map<string, TStopTimeReportStop[]>();
  for (const { customerCompany: _company, ...row } of stops) bySite.set(row.site, [...(bySite.get(row.site) ?? []), row]);
  const average = (xs: (number | null)[]) => {
    const known = xs.filter((x): x is number => x !== null);
    return known.length === 0 ? 0 : Math.round(known.reduce((a, b) => a + b, 0) / known.length);
  };
  const sites = [...bySite.entries()].map(([site, siteStops]) => ({
    site,
    stopCount: siteStops.length,
    overLimitCount: siteStops.filter((s) => s.overLimit).length,
    averageWaitingMinutes: average(siteStops.map((s) => s.waitingMinutes)),
    averageLoadingMinutes: average(siteStops.map((s) => s.loadingMinutes)),
    stops: siteStops,
  }));
  sites.sort((a, b) => b.overLimitCount - a.overLimitCount || a.site.localeCompare(b.site, 'ja'));
  return { month, waitingChargeTotal: chargeTotal(stops), sites };
}

const C = STOP_TIMES_TEXT.statement;
const tokyoDateTime = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** A row of the statement, or its closing total. */
type StatementRow = MonthStop | { total: number };

/**
 * The month's waiting charges as CSV, one line per stop and a closing total: what a carrier bills
 * beside the fare, each charge from the one rule (`waitingCharge`, domain/stop-times).
 */
export async function waitingChargeStatement(db: Database, party: repo.StatementParty, month: string): Promise<string> {
  const stops = await monthStops(db, party, month);
  const stop = (f: (s: MonthStop) => string | number | null) => (r: StatementRow) => ('total' in r ? null : f(r));
  const columns = [
    { header: C.arrivedAt, value: (r: StatementRow) => ('total' in r ? C.total : tokyoDateTime.format(new Date(r.arrivedAt!))) },
    { header: C.reference, value: stop((s) => requestReference(s.requestItemId)) },
    { header: C.customer, value: stop((s) => s.customerCompany) },
    { header: C.baggage, value: stop((s) => s.baggageName) },
    { header: C.stopType, value: stop((s) => TransportType.labels[s.transportType]) },
    { header: C.site, value: stop((s) => s.site) },
    { header: C.waitingMinutes, value: stop((s) => s.waitingMinutes) },
    { header: C.loadingMinutes, value: stop((s) => s.loadingMinutes) },
    { header: C.corrections, value: stop((s) => s.corrections.length) },
    { header: C.waitingCharge, value: (r: StatementRow) => ('total' in r ? r.total : r.waitingCharge) },
  ];
  return toCsv(columns, [...stops, { total: chargeTotal(stops) }]);
}
