/**
 * Reads of pg-boss's job table for the back office and for metrics. pg-boss answers per queue
 * (findJobs, getQueues); the back office wants every job of one state, newest first, a page at
 * a time, so it reads the table (schema `pgboss`) itself. pg-boss's own queues (`__pgboss__…`:
 * the cron sender) are left out.
 */
import type { Db as IDatabase } from 'pg-boss';

/** pg-boss's states: `created` is waiting, `retry` waiting after a failure, `active` running. */
export type StoredJobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobListQuery {
  states: readonly StoredJobState[];
  limit: number;
  offset: number;
}

export interface JobRow {
  id: string;
  name: string;
  state: StoredJobState;
  /** Runs begun so far (pg-boss counts a retry when it is taken up). */
  attempts: number;
  /** Runs it may have after the first. */
  retryLimit: number;
  createdAt: Date;
  startAfter: Date;
  startedAt: Date | null;
  completedAt: Date | null;
  /** The last failure's message (failed, or waiting for its retry). */
  error: string | null;
}

export interface QueueHealth {
  /** Jobs waiting (due or deferred), failed retries included. */
  depth: number;
  /** Seconds the longest-waiting due job has waited; 0 when none is due. */
  oldestDueSeconds: number;
  running: number;
  /** Jobs that failed for good and are still kept. */
  failed: number;
}

const OWN_JOBS = `name NOT LIKE '\\_\\_pgboss\\_\\_%'`;

interface RawRow {
  id: string;
  name: string;
  state: StoredJobState;
  retry_count: number;
  retry_limit: number;
  created_on: Date | string;
  start_after: Date | string;
  started_on: Date | string | null;
  completed_on: Date | string | null;
  error: string | null;
  total: number | string;
}

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));

export async function listJobs(db: IDatabase, query: JobListQuery): Promise<{ rows: JobRow[]; total: number }> {
  const { rows } = (await db.executeSql(
    `SELECT ${COLUMNS}, count(*) OVER () AS total
     FROM pgboss.job
     WHERE ${OWN_JOBS} AND state::text = ANY($1::text[])
     ORDER BY created_on DESC, id
     LIMIT $2 OFFSET $3`,
    [query.states, query.limit, query.offset],
  )) as { rows: RawRow[] };
  return { total: Number(rows[0]?.total ?? 0), rows: rows.map(toRow) };
}

const COLUMNS = `id, name, state::text AS state, retry_count, retry_limit, created_on, start_after, started_on, completed_on,
  CASE WHEN state IN ('failed', 'retry') THEN output->>'message' END AS error`;

function toRow(r: Omit<RawRow, 'total'>): JobRow {
  return {
    id: r.id,
    name: r.name,
    state: r.state,
    attempts: r.retry_count + (r.state === 'created' ? 0 : 1),
    retryLimit: r.retry_limit,
    createdAt: date(r.created_on),
    startAfter: date(r.start_after),
    startedAt: r.started_on === null ? null : date(r.started_on),
    completedAt: r.completed_on === null ? null : date(r.completed_on),
    error: r.error,
  };
}

/** One job of ours by its id. */
export async function findJob(db: IDatabase, id: string): Promise<JobRow | undefined> {
  const { rows } = (await db.executeSql(`SELECT ${COLUMNS} FROM pgboss.job WHERE id = $1::uuid AND ${OWN_JOBS}`, [id])) as {
    rows: RawRow[];
  };
  return rows[0] && toRow(rows[0]);
}

/** How many of our jobs each state holds. */
export async function countByState(db: IDatabase): Promise<Partial<Record<StoredJobState, number>>> {
  const { rows } = (await db.executeSql(
    `SELECT state::text AS state, count(*)::int AS jobs FROM pgboss.job WHERE ${OWN_JOBS} GROUP BY 1`,
  )) as { rows: { state: StoredJobState; jobs: number }[] };
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.jobs)]));
}

export async function queueHealth(db: IDatabase): Promise<QueueHealth> {
  const { rows } = (await db.executeSql(
    `SELECT
       count(*) FILTER (WHERE state IN ('created', 'retry')) AS depth,
       COALESCE(extract(epoch FROM now() - min(start_after) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())), 0) AS oldest,
       count(*) FILTER (WHERE state = 'active') AS running,
       count(*) FILTER (WHERE state = 'failed') AS failed
     FROM pgboss.job WHERE ${OWN_JOBS}`,
  )) as { rows: { depth: string | number; oldest: string | number; running: string | number; failed: string | number }[] };
  const [r] = rows;
  return {
    depth: Number(r?.depth ?? 0),
    oldestDueSeconds: Math.max(0, Number(r?.oldest ?? 0)),
    running: Number(r?.running ?? 0),
    failed: Number(r?.failed ?? 0),
  };
}
