/**
 * Background jobs on one PostgreSQL-backed queue (pg-boss, decision 101): the same code on the
 * embedded PGlite and on PostgreSQL. A job is a name and a handler, defined once with `define`;
 * it runs when sent (now or later), on a cron schedule, or every N seconds. A failed run is
 * retried with exponential backoff; each occurrence runs on one instance only (a job row is
 * claimed with `FOR UPDATE SKIP LOCKED`); `stop` waits for the runs in flight.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Job, PgBoss } from 'pg-boss';
import type { DatabaseHandle } from '../db/database';
import * as store from './job-store';

export type JobSchedule =
  /** A cron expression in Japan's time zone (pg-boss's clock: one occurrence per minute at most). */
  | { cron: string }
  /** Once per slot of this many seconds (whole seconds, at least 1), whichever instance gets it. */
  | { everySeconds: number };

export interface JobDefinition<T extends object = object> {
  /** Letters, digits, `.`, `-`, `_` (pg-boss's queue name). */
  name: string;
  run(data: T): Promise<void>;
  schedule?: JobSchedule;
  /** Attempts after the first failure; waits `delaySeconds`, then about twice as long each time. */
  retry?: { limit: number; delaySeconds: number; maxDelaySeconds?: number };
  /**
   * A run that takes longer counts as failed and is retried (default 15 minutes). pg-boss gives
   * every run this lease so that a run whose instance died is taken up again.
   */
  expireInSeconds?: number;
}

/** A send to a queue that was stopped without ever starting (an app built but never listening, as `db:seed`'s). */
export class QueueNeverStartedError extends Error {
  constructor(name: string) {
    super(`job ${name} sent to a queue that stopped before it started`);
  }
}

export interface JobQueueOptions {
  log: FastifyBaseLogger;
  /** How often an idle worker looks for due jobs; a job sent by this instance wakes it at once. */
  pollSeconds: number;
  /** How long completed and failed jobs stay visible in the back office. */
  keepDays: number;
}

export interface JobQueue {
  /** Before `start` only. */
  define<T extends object>(job: JobDefinition<T>): void;
  start(): Promise<void>;
  /** Queues a run of a defined job, at once or after a delay. A scheduled job's sends collapse into one queued run. */
  send(name: string, data?: object, options?: { afterSeconds?: number }): Promise<void>;
  /** The back office's view (platform/jobs/job-store.ts). */
  list(query: store.JobListQuery): Promise<{ rows: store.JobRow[]; total: number }>;
  /** One job by its id. */
  find(id: string): Promise<store.JobRow | undefined>;
  /** How many jobs each state holds. */
  counts(): Promise<Partial<Record<store.StoredJobState, number>>>;
  /** Queues a failed job again; false when there is no failed job of that id. */
  retry(id: string): Promise<boolean>;
  /** For metrics: depth, age of the oldest due job, failures. */
  health(): Promise<store.QueueHealth>;
  /** Stops taking jobs and waits for the runs in flight. */
  stop(): Promise<void>;
}

const DEFAULT_RETRY = { limit: 3, delaySeconds: 30, maxDelaySeconds: 3600 };

export function createJobQueue(database: Pick<DatabaseHandle, 'connection'>, options: JobQueueOptions): JobQueue {
  const { log } = options;
  const definitions = new Map<string, JobDefinition<object>>();
  const tickers: NodeJS.Timeout[] = [];
  let boss: PgBoss | undefined;
  let starting: Promise<void> | undefined;
  let stopped = false;
  // A send made while the app is still starting (a seed's mail) waits for the queue.
  let markReady!: (ok: boolean) => void;
  const ready = new Promise<boolean>((resolve) => (markReady = resolve));
  const running = () => {
    if (!boss) throw new Error('the job queue has not started');
    return boss;
  };
  /** pg-boss's connection, once the start under way has finished (the back office may ask first). */
  const jobTable = async () => {
    await starting;
    return running().getDb();
  };

  async function open() {
    // Loaded on start, as the PostgreSQL client is (decision 060): pg-boss imports `pg`.
    const { PgBoss, fromPglite } = await import('pg-boss');
    const connection = database.connection;
    const opened = new PgBoss({
      ...(connection.kind === 'pglite'
        ? { db: fromPglite(connection.client), backend: 'pglite' as const }
        : // Its own small pool: a worker's poll never waits behind the API's queries, nor they behind it.
          { connectionString: connection.url, max: 2 }),
      useListenNotify: true,
      // The back office reads the job table; pg-boss's own stored statistics are not needed.
      persistQueueStats: false,
    });
    opened.on('error', (err) => log.error({ err }, 'job queue error'));
    opened.on('warning', (warning) => log.warn({ warning }, 'job queue warning'));
    boss = opened;
    await opened.start();
    return opened;
  }

  async function runJobs(definition: JobDefinition<object>, jobs: Job<object>[]) {
    for (const job of jobs) {
      try {
        await definition.run(job.data ?? {});
      } catch (err) {
        log.warn({ err, job: definition.name, jobId: job.id }, 'background job failed; the queue retries it');
        throw err;
      }
    }
  }

  /** Each job's queue (its policy, retries, lease), its worker and its schedule. */
  async function defineQueues(boss: PgBoss) {
    const cron = new Set<string>();
    for (const definition of definitions.values()) {
      const retry = { ...DEFAULT_RETRY, ...definition.retry };
      const queue = {
        // A scheduled job runs one at a time, and its sends collapse into one waiting run;
        // a job sent with data (a reminder for one invoice) queues every send.
        policy: definition.schedule ? 'stately' : 'standard',
        retryLimit: retry.limit,
        retryDelay: retry.delaySeconds,
        retryBackoff: true,
        retryDelayMax: retry.maxDelaySeconds,
        expireInSeconds: definition.expireInSeconds ?? 15 * 60,
        deleteAfterSeconds: options.keepDays * 86_400,
        notify: true,
      };
      if (!(await boss.getQueue(definition.name))) await boss.createQueue(definition.name, queue);
      const { policy: _policy, retryDelayMax: _max, ...changeable } = queue;
      await boss.updateQueue(definition.name, changeable);
      await boss.work(
        definition.name,
        { pollingIntervalSeconds: options.pollSeconds, notifyPollingIntervalSeconds: options.pollSeconds },
        (jobs: Job<object>[]) => runJobs(definition, jobs),
      );
      const schedule = definition.schedule;
      if (schedule && 'cron' in schedule) {
        cron.add(definition.name);
        await boss.schedule(definition.name, schedule.cron, null, { tz: 'Asia/Tokyo' });
      } else if (schedule) {
        const seconds = Math.max(1, Math.round(schedule.everySeconds));
        const timer = setInterval(() => void tick(definition.name, seconds), seconds * 1000);
        timer.unref();
        tickers.push(timer);
        void tick(definition.name, seconds);
      }
    }
    // A schedule whose job is no longer defined (renamed, moved to every N seconds) stops.
    for (const s of await boss.getSchedules()) {
      if (!cron.has(s.name)) await boss.unschedule(s.name, s.key);
    }
  }

  async function tick(name: string, seconds: number) {
    if (stopped) return;
    // One job per slot of `seconds` across every instance (pg-boss's throttle key on the slot).
    await running()
      .send(name, null, { singletonSeconds: seconds })
      .catch((err: unknown) => {
        if (!stopped) log.error({ err, job: name }, 'scheduling a background job failed');
      });
  }

  return {
    define(job) {
      if (starting) throw new Error(`job ${job.name} defined after the queue started`);
      if (definitions.has(job.name)) throw new Error(`job ${job.name} defined twice`);
      definitions.set(job.name, job as JobDefinition<object>);
    },

    start() {
      starting ??= (async () => {
        try {
          await defineQueues(await open());
          markReady(true);
        } catch (err) {
          markReady(false);
          throw err;
        }
      })();
      return starting;
    },

    async send(name, data, sendOptions = {}) {
      if (!definitions.has(name)) throw new Error(`no background job named ${name}`);
      if (!(await ready)) throw new QueueNeverStartedError(name);
      await running().send(name, data ?? null, sendOptions.afterSeconds ? { startAfter: sendOptions.afterSeconds } : {});
    },

    list: async (query) => store.listJobs(await jobTable(), query),
    find: async (id) => store.findJob(await jobTable(), id),
    counts: async () => store.countByState(await jobTable()),

    async retry(id) {
      const job = await store.findJob(await jobTable(), id);
      if (job?.state !== 'failed') return false;
      // pg-boss answers how many rows it moved (its type leaves the count out).
      const { affected } = (await running().retry(job.name, id)) as { affected: number };
      return affected > 0;
    },

    health: async () => store.queueHealth(await jobTable()),

    async stop() {
      if (stopped) return;
      stopped = true;
      markReady(false);
      // A start still under way finishes first, so that nothing it opened is left running.
      await starting?.catch(() => undefined);
      for (const timer of tickers) clearInterval(timer);
      if (boss) await boss.stop({ graceful: true, timeout: 30_000 });
    },
  };
}
