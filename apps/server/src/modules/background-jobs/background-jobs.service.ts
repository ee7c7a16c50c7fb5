/**
 * The back office's view of the background jobs (decision 101): every job of one state, newest
 * first, with the error of a failed one, and a failed job queued again. The jobs themselves are
 * defined in jobs.ts and run by the queue (platform/jobs).
 */
import {
  BackgroundJobState,
  paginationMeta,
  type TBackgroundJob,
  type TBackgroundJobList,
  type TBackgroundJobListQuery,
  type TBackgroundJobState,
} from '@logi/contract';
import { AppError } from '../../platform/errors/app-error';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { JobRow, StoredJobState } from '../../platform/jobs/job-store';

const STORED: Record<TBackgroundJobState, StoredJobState> = {
  QUEUED: 'created',
  RETRYING: 'retry',
  RUNNING: 'active',
  COMPLETED: 'completed',
  FAILED: 'failed',
  CANCELLED: 'cancelled',
};
const SHOWN = Object.fromEntries(Object.entries(STORED).map(([shown, stored]) => [stored, shown])) as Record<
  StoredJobState,
  TBackgroundJobState
>;

const toJob = (row: JobRow): TBackgroundJob => ({
  id: row.id,
  name: row.name,
  state: SHOWN[row.state],
  attempts: row.attempts,
  maxAttempts: row.retryLimit + 1,
  createdAt: row.createdAt.toISOString(),
  runAfter: row.startAfter.toISOString(),
  startedAt: row.startedAt?.toISOString() ?? null,
  finishedAt: row.completedAt?.toISOString() ?? null,
  error: row.error,
});

export function createBackgroundJobsService(jobs: JobQueue) {
  return {
    async list(query: TBackgroundJobListQuery): Promise<TBackgroundJobList> {
      const states = query.state ? [STORED[query.state]] : Object.values(STORED);
      const [{ rows, total }, stored] = await Promise.all([
        jobs.list({ states, limit: query.limit, offset: (query.page - 1) * query.limit }),
        jobs.counts(),
      ]);
      const counts = Object.fromEntries(BackgroundJobState.values.map((s) => [s, stored[STORED[s]] ?? 0])) as Record<
        TBackgroundJobState,
        number
      >;
      return { meta: paginationMeta(query.page, query.limit, total), data: rows.map(toJob), counts };
    },

    async retry(id: string): Promise<TBackgroundJob> {
      const job = await jobs.find(id);
      if (!job) throw new AppError('BACKGROUND_JOB_NOT_FOUND');
      if (job.state !== 'failed' || !(await jobs.retry(id))) throw new AppError('BACKGROUND_JOB_NOT_FAILED');
      const retried = await jobs.find(id);
      return toJob(retried ?? job);
    },
  };
}
