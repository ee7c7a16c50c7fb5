/**
 * /shipping-requests/my-items/stop-times: the customer's waiting and loading time per site for a
 * month (decision 061): the stops whose arrival falls in the month (Japan time), grouped by
 * pickup or delivery address, those over two hours flagged, with a chart of the averages in
 * minutes against the two-hour line of the government's guideline, the month's waiting charges
 * and their statement (CSV) (decision 085).
 */
import { STOP_TIMES_TEXT, STOP_TIME_RULES, type TStopTimeReport, stopTimeRoutes } from '@logi/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Badge } from '../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { EmptyState } from '../../components/ui/empty-state';
import { MonthPicker, useMonthParam } from '../../components/ui/month-picker';
import { SkeletonRows } from '../../components/ui/skeleton';
import { api } from '../../lib/api';
import { formatDateTime, formatYen } from '../../lib/format';
import { StatementButton } from './statement-button';

const T = STOP_TIMES_TEXT;
const R = STOP_TIMES_TEXT.report;

const reportQuery = (month: string) =>
  queryOptions({
    queryKey: ['stop-times', 'report', month],
    queryFn: ({ signal }) => api.call(stopTimeRoutes.stopTimeReport, { query: { month } }, { signal }),
  });

const LIMIT = STOP_TIME_RULES.stopLimitMinutes;

/** The two series: their colours in the bars and in the legend. */
const SERIES = [
  { key: 'waiting', name: T.waiting, color: '#f59e0b' },
  { key: 'loading', name: T.loading, color: '#2563eb' },
] as const;

/** The legend in Japanese with silent swatches: recharts' own named each icon 「… legend icon」. */
function ChartLegend() {
  return (
    <ul className="flex justify-center gap-4 text-xs" data-testid="chart-legend">
      {SERIES.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span aria-hidden className="size-3 rounded-sm" style={{ background: s.color }} />
          {s.name}
        </li>
      ))}
    </ul>
  );
}

/** The sites' average waiting and loading stacked, in minutes, against the two-hour target (always in view). */
function Chart({ sites }: { sites: TStopTimeReport['sites'] }) {
  const data = sites.map((s) => ({ site: s.site, waiting: s.averageWaitingMinutes, loading: s.averageLoadingMinutes }));
  return (
    <figure className="flex flex-col gap-1">
      <div role="img" aria-label={`${R.chartLabel}・${R.limitLine}`} className="h-72 w-full">
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} margin={{ top: 16, right: 16, bottom: 0, left: 0 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
            <XAxis dataKey="site" tick={{ fontSize: 11 }} />
            <YAxis
              allowDecimals={false}
              tick={{ fontSize: 12 }}
              unit={R.axisUnit}
              width={56}
              domain={[0, (max: number) => Math.max(max, LIMIT + 30)]}
            />
            <Tooltip formatter={(value) => T.minutes(Number(value))} />
            <Legend content={<ChartLegend />} />
            {SERIES.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.name} stackId="stop" fill={s.color} />
            ))}
            <ReferenceLine
              y={LIMIT}
              stroke="#dc2626"
              strokeDasharray="6 4"
              label={{ value: R.limitLine, position: 'insideTopRight', fill: '#dc2626', fontSize: 12 }}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
      <figcaption className="text-xs text-muted-foreground">{R.limitSource}</figcaption>
    </figure>
  );
}

/** The month's waiting charges and the statement a carrier bills from (or the shipper checks a bill against). */
function MonthCharges({ report }: { report: TStopTimeReport }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted px-3 py-2 text-sm">
      <span>
        {R.waitingChargeTotal}{' '}
        <strong data-testid="month-waiting-charge-total" className="text-base">
          {formatYen(report.waitingChargeTotal)}
        </strong>
      </span>
      <StatementButton month={report.month} label={R.download} />
    </div>
  );
}

function SiteCard({ site }: { site: TStopTimeReport['sites'][number] }) {
  return (
    <Card data-testid="report-site">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          <span className="break-all">{site.site}</span>
          <Badge variant="muted">{R.stops(site.stopCount)}</Badge>
          {site.overLimitCount > 0 && <Badge variant="destructive">{R.overLimitCount(site.overLimitCount)}</Badge>}
        </CardTitle>
        <p className="text-sm text-muted-foreground">
          {R.averageWaiting} {T.minutes(site.averageWaitingMinutes)} ・ {R.averageLoading} {T.minutes(site.averageLoadingMinutes)}
        </p>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col gap-2 text-sm">
          {site.stops.map((stop) => (
            <li
              key={stop.stopId}
              data-over-limit={stop.overLimit}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t pt-2"
            >
              <span>
                {R.arrivedAt} {stop.arrivedAt ? formatDateTime(stop.arrivedAt) : T.notYet}
              </span>
              <span>
                {R.baggage} {stop.baggageName}
              </span>
              <span>
                {T.waiting} {stop.waitingMinutes === null ? T.notYet : T.minutes(stop.waitingMinutes)}
              </span>
              <span>
                {T.loading} {stop.loadingMinutes === null ? T.notYet : T.minutes(stop.loadingMinutes)}
              </span>
              {stop.waitingCharge !== null && stop.waitingCharge > 0 && (
                <span>
                  {T.waitingCharge} {formatYen(stop.waitingCharge)}
                </span>
              )}
              {stop.overLimit && <Badge variant="destructive">{T.overLimit}</Badge>}
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

export function StopTimeReportPage() {
  const [month, setMonth] = useMonthParam();
  const report = useQuery(reportQuery(month));
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-4">
      <div className="flex flex-col gap-1">
        <h1 className="text-xl font-bold sm:text-2xl">{R.title}</h1>
        <p className="text-sm text-muted-foreground">
          {R.description}（{T.minutes(STOP_TIME_RULES.stopLimitMinutes)}）
        </p>
      </div>
      <MonthPicker label={R.month} month={month} onChange={setMonth} />
      {report.isPending ? (
        <SkeletonRows rows={4} />
      ) : !report.data || report.data.sites.length === 0 ? (
        <EmptyState title={R.empty} />
      ) : (
        <>
          <MonthCharges report={report.data} />
          <Chart sites={report.data.sites} />
          {report.data.sites.map((site) => (
            <SiteCard key={site.site} site={site} />
          ))}
        </>
      )}
    </div>
  );
}
