/**
 * The server under test of `npm run bench`: the API exactly as src/main.ts starts it (same
 * buildApp, same config from the environment), compiled like the production build and run with
 * NODE_ENV=production in a process of its own. BENCH_DEMO_DATA=true writes the demo accounts and
 * market that production never seeds (the embedded scenarios measure on them). One bench-only route
 * is added: GET /bench/baseline answers, from memory, the bytes its first call's `from` path gave
 * for the same caller, through the same hooks (headers, CSRF cookie, request id): the in-memory
 * baseline of the list scenarios, the fastest the server could send that page (decision 079).
 * GET /bench/memory tells what the resident memory is made of, GET /bench/gc how many collections ran.
 * Started with --expose-gc (bench/processes.ts), for the memory read after a full collection.
 */
// As in src/main.ts: the process's V8 settings first, then the server's modules (imported, hence
// loaded, after them).
import '../../src/platform/runtime/v8-settings';
import { type PerformanceNodeEntry, PerformanceObserver, constants } from 'node:perf_hooks';
import { collectGarbage } from '../bench-kit';

const { buildApp } = await import('../../src/app');
const { loadConfigOrExit } = await import('../../src/config');
const { seedDemoData } = await import('../../src/demo/seed');

const config = loadConfigOrExit();
const app = await buildApp(config);

let baseline: Buffer | undefined;
app.get<{ Querystring: { from?: string } }>('/bench/baseline', { schema: { hide: true } }, async (request, reply) => {
  if (baseline === undefined) {
    const { authorization } = request.headers;
    const answer = await app.inject({ url: request.query.from ?? '/healthz', headers: authorization ? { authorization } : {} });
    if (answer.statusCode !== 200) throw new Error(`baseline source answered ${answer.statusCode}`);
    baseline = answer.rawPayload;
  }
  return reply.type('application/json; charset=utf-8').send(baseline);
});

// The garbage collections since start, by kind: how often a full one runs tells the state of decision 081.
const gc = { scavenges: 0, full: 0, ms: 0 };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const { kind } = (entry as PerformanceNodeEntry).detail as { kind: number };
    if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) gc.full++;
    if (kind === constants.NODE_PERFORMANCE_GC_MINOR) gc.scavenges++;
    gc.ms += entry.duration;
  }
}).observe({ entryTypes: ['gc'] });
app.get('/bench/gc', { schema: { hide: true } }, async () => gc);

// What the idle RSS is made of: the JS heap, and the memory outside it (PGlite's WASM memory is an
// ArrayBuffer). `?collect=true` reads it after a full collection, where an idle process gets by
// itself within seconds (V8's memory reducer): PGlite opening a new data directory leaves ~350 MB
// of garbage outside the heap (its initdb), which a reading at ready may or may not hold.
app.get<{ Querystring: { collect?: string } }>('/bench/memory', { schema: { hide: true } }, async (request) => {
  if (request.query.collect === 'true') collectGarbage();
  return process.memoryUsage();
});

// After the routes: seeding goes through the app (the sandbox's webhooks), which makes it ready.
if (process.env.BENCH_DEMO_DATA === 'true')
  await seedDemoData({ ...app.deps, config: { ...config, isProduction: false, seedDemo: true } }, app.log);
await app.listen({ port: config.port, host: config.host });
process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
