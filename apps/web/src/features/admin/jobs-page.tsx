/**
 * /dashboard/jobs: the background jobs (decision 101) — mail delivery, the selection deadline
 * sweep, stream retention, renewals — newest first, by state, with the error of a failed one and
 * a button that queues it again.
 */
import { BackgroundJob, BackgroundJobState, type TBackgroundJob, type TBackgroundJobState, UI_TEXT } from '@logi/contract';
import { useQuery } from '@tanstack/react-query';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/toast';
import { DASHBOARD_TEXT } from '../../texts/dashboard';
import { DataList, type ListColumn, type ListFilter } from './list-kit/data-list';
import { useListParams } from './list-kit/use-list-params';
import { NONE, dateTimeOrNone } from './parts';
import { fetchJobs, jobsQuery, useRetryJob } from './queries';

const T = DASHBOARD_TEXT.jobs;

const STATE_VARIANT = {
  QUEUED: 'secondary',
  RETRYING: 'warning',
  RUNNING: 'default',
  COMPLETED: 'success',
  FAILED: 'destructive',
  CANCELLED: 'muted',
} as const satisfies Record<TBackgroundJobState, string>;

/** The back office's name of a job; a job since removed shows its queue name. */
const jobLabel = (name: string) => (BackgroundJob.labels as Record<string, string>)[name] ?? name;

function RetryButton({ job }: { job: TBackgroundJob }) {
  const retry = useRetryJob();
  return (
    <Button
      size="sm"
      variant="outline"
      aria-label={T.retryLabel(jobLabel(job.name))}
      loading={retry.isPending}
      onClick={() => retry.mutate(job.id, { onSuccess: () => toast.success(T.retried) })}
    >
      {T.retry}
    </Button>
  );
}

const columns: ListColumn<TBackgroundJob>[] = [
  { id: 'createdAt', header: T.createdAt, cell: (j) => dateTimeOrNone(j.createdAt), csv: (j) => dateTimeOrNone(j.createdAt) },
  { id: 'name', header: T.name, cell: (j) => jobLabel(j.name), csv: (j) => jobLabel(j.name) },
  {
    id: 'state',
    header: T.state,
    cell: (j) => <Badge variant={STATE_VARIANT[j.state]}>{BackgroundJobState.labels[j.state]}</Badge>,
    csv: (j) => BackgroundJobState.labels[j.state],
  },
  {
    id: 'attempts',
    header: T.attempts,
    cell: (j) => T.attemptsOf(j.attempts, j.maxAttempts),
    csv: (j) => T.attemptsOf(j.attempts, j.maxAttempts),
  },
  { id: 'runAfter', header: T.runAfter, cell: (j) => dateTimeOrNone(j.runAfter), csv: (j) => dateTimeOrNone(j.runAfter) },
  { id: 'finishedAt', header: T.finishedAt, cell: (j) => dateTimeOrNone(j.finishedAt), csv: (j) => dateTimeOrNone(j.finishedAt) },
  { id: 'error', header: T.error, cell: (j) => j.error ?? NONE, csv: (j) => j.error ?? '', wraps: true },
  { id: 'actions', header: T.actions, cell: (j) => (j.state === 'FAILED' ? <RetryButton job={j} /> : null) },
];

const KEYS = ['state'] as const;
const filters: ListFilter<'state'>[] = [
  {
    kind: 'select',
    key: 'state',
    label: T.state,
    options: BackgroundJobState.values.map((v) => ({ value: v, label: BackgroundJobState.labels[v] })),
  },
];

export function JobsPage() {
  const { page, filters: values, setPage, setFilters } = useListParams(KEYS);
  const state = values.state as TBackgroundJobState | undefined;
  const result = useQuery(jobsQuery(state, page));
  const counts = result.data?.counts;
  return (
    <div className="flex flex-col gap-4">
      {counts && (
        <ul aria-label={T.countsLabel} className="flex flex-wrap gap-2 text-sm">
          {BackgroundJobState.values.map((s) => (
            <li key={s} className="flex items-center gap-1 rounded-md border bg-card px-3 py-1">
              <span>{BackgroundJobState.labels[s]}</span>
              <span className="font-semibold tabular-nums">{T.count(counts[s])}</span>
            </li>
          ))}
        </ul>
      )}
      <DataList
        label={UI_TEXT.dashboard.jobs}
        columns={columns}
        rowKey={(j) => j.id}
        result={result}
        onPageChange={setPage}
        filters={filters}
        values={values}
        onFiltersChange={setFilters}
        fetchPage={(p, limit) => fetchJobs(state, p, limit)}
      />
    </div>
  );
}
