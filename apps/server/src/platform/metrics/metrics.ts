/**
 * What the server does, in Prometheus's text format (GET /metrics, modules/metrics): requests per
 * route and status with their durations, the database pool, open streams, the memos' hits and
 * misses, and Node's own figures (the event loop's delay among them). One registry per app; the
 * process's figures (prom-client's default metrics) are one registry per process, since they
 * describe the process and their collectors (an event-loop monitor, a GC observer) are never
 * stopped. prom-client is loaded while the database opens (buildApp): importing it takes tens of
 * milliseconds that a start would otherwise wait for (decision 060).
 */
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import { createRequestSeries } from './request-series';

/** A memo's reads: counted as plain numbers, so a hot read pays no label lookup; read when scraped. */
export interface MemoStats {
  /** Answered from memory, or from a load another read had started. */
  hits: number;
  /** This read started the load it waited for (or the memo was off or not trusted: it asked the database). */
  misses: number;
}

/** One labelled value of a metric read at scrape time. */
export interface Sample {
  labels: Record<string, string>;
  value: number;
}

export interface ReadMetric {
  /** Prometheus's name: snake case; a counter's ends in `_total`. */
  name: string;
  help: string;
  labelNames?: readonly string[];
  /** Read on every scrape: one unlabelled value, or one per label set. May ask the database. */
  read(): number | Sample[] | Promise<number | Sample[]>;
}

/**
 * The seam other parts plug their figures into. A job queue, for example:
 * `metrics.gauge({ name: 'logi_jobs_queued', help: '…', labelNames: ['queue'], read: async () =>
 * (await depths()).map(({ queue, n }) => ({ labels: { queue }, value: n })) })`, and its failures so
 * far with `metrics.counter({ name: 'logi_jobs_failed_total', … })`.
 */
export interface Metrics {
  /** A value that goes up and down, read when scraped. */
  gauge(metric: ReadMetric): void;
  /** A running total that only grows (kept by its owner), read when scraped. */
  counter(metric: ReadMetric): void;
  /** The hit and miss counts of the memo `name` (label `memo`), made on first use. */
  memo(name: string): MemoStats;
  /** Counts every request and its duration by route pattern, method and status. */
  countRequests(app: FastifyInstance): void;
  /** Everything, in the text format. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

/** A request that matched no route (the web app's history fallback, a 404) is one series, not one per URL. */
const UNMATCHED = 'unmatched';

/** The memos' counts by name: plain objects, made before prom-client has loaded (buildApp's first lines make memos). */
export interface MemoCounts {
  of(name: string): MemoStats;
  entries(): Iterable<[string, MemoStats]>;
}

export function createMemoCounts(): MemoCounts {
  const memos = new Map<string, MemoStats>();
  return {
    of(name) {
      let stats = memos.get(name);
      if (!stats) memos.set(name, (stats = { hits: 0, misses: 0 }));
      return stats;
    },
    entries: () => memos.entries(),
  };
}

let processRegistry: Registry | undefined;

export async function createMetrics(memos: MemoCounts = createMemoCounts()): Promise<Metrics> {
  const prom = await import('prom-client');
  if (!processRegistry) {
    processRegistry = new prom.Registry();
    prom.collectDefaultMetrics({ register: processRegistry });
  }
  const ofProcess = processRegistry;
  const registry = new prom.Registry();
  const registers = [registry];

  const gauge = ({ name, help, labelNames = [], read }: ReadMetric) =>
    void new prom.Gauge({
      name,
      help,
      labelNames,
      registers,
      async collect() {
        const value = await read();
        this.reset();
        if (typeof value === 'number') this.set(value);
        else for (const sample of value) this.set(sample.labels, sample.value);
      },
    });

  const memoSamples = (key: keyof MemoStats) =>
    [...memos.entries()].map(([memo, stats]) => ({ labels: { memo }, value: stats[key] }));

  const metrics: Metrics = {
    gauge,
    counter: ({ name, help, labelNames = [], read }) =>
      void new prom.Counter({
        name,
        help,
        labelNames,
        registers,
        // The total is kept by its owner: set afresh on each scrape (a counter only adds).
        async collect() {
          const value = await read();
          this.reset();
          if (typeof value === 'number') this.inc(value);
          else for (const sample of value) this.inc(sample.labels, sample.value);
        },
      }),
    memo: memos.of,
    countRequests(app) {
      const requests = createRequestSeries();
      for (const metric of requests.metrics(
        'http_requests_total',
        'Requests answered, by route pattern, method and status.',
        'http_request_duration_seconds',
        'Time from a request to its answer, by route pattern, method and status.',
      )) {
        registry.registerMetric(metric as never);
      }
      // The route's pattern (`/api/v1/request-items/:id`), never the URL: a series per id would
      // grow without bound. An aborted request has no answer and is not counted here.
      app.addHook('onResponse', (request, reply, done) => {
        requests.record(request.method, request.routeOptions.url ?? UNMATCHED, reply.statusCode, reply.elapsedTime / 1000);
        done();
      });
    },
    async scrape() {
      return { contentType: registry.contentType, body: (await ofProcess.metrics()) + (await registry.metrics()) };
    },
  };
  metrics.counter({
    name: 'logi_memo_hits_total',
    help: 'Reads a memo answered without loading (ARCHITECTURE.md, Caches).',
    labelNames: ['memo'],
    read: () => memoSamples('hits'),
  });
  metrics.counter({
    name: 'logi_memo_misses_total',
    help: 'Reads a memo loaded for, or passed to the database while off or not trusted.',
    labelNames: ['memo'],
    read: () => memoSamples('misses'),
  });
  return metrics;
}
