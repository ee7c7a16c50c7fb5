/**
 * /dashboard: the operator's overview (decision 035) — open requests, this week's and
 * this month's posted, matched and completed requests with the completed value, active
 * accounts, sign-ups, and 30 days of posted vs matched vs completed on a chart.
 */
import { type TAdminOverview, type TPeriodCounts } from '@logi/contract';
import { DASHBOARD_TEXT } from '../../../texts/dashboard';
import { useQuery } from '@tanstack/react-query';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatDateTime, formatYen } from '../../../lib/format';
import { Loading } from '../parts';
import { overviewQuery } from '../queries';

const O = DASHBOARD_TEXT.overview;

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex flex-col gap-1">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-2xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

function Period({ title, counts }: { title: string; counts: TPeriodCounts }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-5">
          <Figure label={O.posted} value={O.count(counts.posted)} />
          <Figure label={O.matched} value={O.count(counts.matched)} />
          <Figure label={O.completed} value={O.count(counts.completed)} />
          <Figure label={O.completedValue} value={formatYen(counts.completedValue)} />
          <Figure label={O.signUps} value={O.people(counts.signUps)} />
        </dl>
      </CardContent>
    </Card>
  );
}

const SERIES = [
  { key: 'posted', label: O.posted, color: 'var(--color-primary, #2563eb)' },
  { key: 'matched', label: O.matched, color: '#f59e0b' },
  { key: 'completed', label: O.completed, color: '#16a34a' },
] as const;

function Chart({ days }: { days: TAdminOverview['days'] }) {
  const data = days.map((d) => ({ ...d, day: `${Number(d.date.slice(5, 7))}/${Number(d.date.slice(8, 10))}` }));
  return (
    <Card>
      <CardHeader>
        <CardTitle>{O.chartTitle}</CardTitle>
      </CardHeader>
      <CardContent>
        <figure role="img" aria-label={O.chartLabel} className="h-72 w-full">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: -16 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e5e7eb" />
              <XAxis dataKey="day" tick={{ fontSize: 12 }} interval="preserveStartEnd" />
              <YAxis allowDecimals={false} tick={{ fontSize: 12 }} />
              <Tooltip formatter={(value) => O.count(Number(value))} />
              <Legend />
              {SERIES.map((s) => (
                <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} dot={false} />
              ))}
            </LineChart>
          </ResponsiveContainer>
        </figure>
      </CardContent>
    </Card>
  );
}

export function OverviewPage() {
  const overview = useQuery(overviewQuery);
  return (
    <Loading query={overview}>
      {(o) => (
        <div className="flex flex-col gap-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="text-xl font-bold">{O.heading}</h2>
            <p className="text-xs text-muted-foreground">{O.updatedAt(formatDateTime(o.generatedAt))}</p>
          </div>
          <Card>
            {/* No title above: CardContent's own top padding is none, made for a CardHeader. */}
            <CardContent className="pt-4! sm:pt-6!">
              <dl className="grid grid-cols-1 gap-4 sm:grid-cols-3">
                <Figure label={O.openRequests} value={O.count(o.openRequests)} />
                <Figure label={O.activeCustomers} value={O.people(o.activeCustomers)} />
                <Figure label={O.activeCarriers} value={O.people(o.activeCarriers)} />
              </dl>
            </CardContent>
          </Card>
          <Period title={O.thisWeek} counts={o.thisWeek} />
          <Period title={O.thisMonth} counts={o.thisMonth} />
          <Chart days={o.days} />
        </div>
      )}
    </Loading>
  );
}
