/**
 * buildApp(config): the whole API as a Fastify instance, without listening.
 * Order (as fastify/demo): external plugins → platform (errors, security,
 * database, tokens, mail) → module routes → the web app.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX, STRIPE_WEBHOOK_PATH } from '@logi/contract';
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from 'fastify';
import { jsonSchemaTransform, serializerCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config';
import { indexUnindexedAccounts } from './modules/accounts/accounts.service';
import { registerAccountRoutes } from './modules/accounts/accounts.routes';
import { registerAdminRoutes } from './modules/admin/admin.routes';
import { createAuthService } from './modules/auth/auth.service';
import { registerAuthRoutes } from './modules/auth/auth.routes';
import { registerTwoFactorRoutes } from './modules/two-factor/two-factor.routes';
import { createTwoFactorService } from './modules/two-factor/two-factor.service';
import { registerCandidateRoutes } from './modules/candidates/candidates.routes';
import { registerCompanyDriverRoutes } from './modules/company-drivers/company-drivers.routes';
import { registerFileRoutes } from './modules/files/files.routes';
import { registerHealthRoutes } from './modules/health/health.routes';
import { registerLocationRoutes } from './modules/locations/locations.routes';
import { registerMetricsRoutes } from './modules/metrics/metrics.routes';
import { registerNotificationRoutes } from './modules/notifications/notifications.routes';
import { registerPaymentRoutes } from './modules/payments/payments.routes';
import { registerSubscriptionDocumentRoutes } from './modules/subscription-documents/subscription-documents.routes';
import { registerRegistrationRoutes } from './modules/registration/registration.routes';
import { createOpenMarketSource } from './modules/request-items/open-market.service';
import { keepStandardFares } from './modules/request-items/request-items.present';
import { registerRequestItemRoutes } from './modules/request-items/request-items.routes';
import { registerRequestTemplateRoutes } from './modules/request-templates/request-templates.routes';
import { registerRequestLifecycleRoutes } from './modules/request-lifecycle/request-lifecycle.routes';
import { registerTalkroomRoutes } from './modules/talkrooms/talkrooms.routes';
import { registerCarrierRegisterRoutes } from './modules/carrier-register/carrier-register.routes';
import { registerBillingProfileRoutes } from './modules/billing-profile/billing-profile.routes';
import { registerCarrierVerificationRoutes } from './modules/carrier-verification/carrier-verification.routes';
import { registerStandardFareRoutes } from './modules/standard-fares/standard-fares.routes';
import { registerStopTimeRoutes } from './modules/stop-times/stop-times.routes';
import { registerReviewRoutes } from './modules/reviews/reviews.routes';
import { registerTransportConditionsRoutes } from './modules/transport-conditions/transport-conditions.routes';
import { registerInvoiceRoutes } from './modules/invoices/invoices.routes';
import { registerPlaceRoutes } from './modules/places/places.routes';
import { openDatabase, type DatabaseHandle } from './platform/db/database';
import type { Deps } from './platform/deps';
import { clientErrorHandler, errorBody, registerErrorHandler, routerErrorHandler } from './platform/errors/error-handler';
import { AppError } from './platform/errors/app-error';
import { registerCsrf } from './platform/http/csrf';
import { type InFlight, trackHandlers } from './platform/http/in-flight';
import { completeDocument, registerOpenApiConventions } from './platform/http/openapi';
import { inputValidatorCompiler, type RouteOptions } from './platform/http/routes';
import { securityHeaders } from './platform/http/security-headers';
import { landingPageHandler } from './platform/http/landing-pages';
import { webCacheControl } from './platform/http/web-cache';
import { ASSETS, isAssetName, webFiles } from './platform/http/web-files';
import { MAIL_DELIVERY_JOB, createMailDispatcher } from './platform/mail/dispatcher';
import { type JobQueue, QueueNeverStartedError, createJobQueue } from './platform/jobs/job-queue';
import type { QueueHealth } from './platform/jobs/job-store';
import { defineJobs } from './jobs';
import { registerDevMailbox } from './platform/mail/dev-mailbox';
import { lazyChildLoggerFactory } from './platform/logging/lazy-child-logger';
import { createPayments } from './platform/payments/create-payments';
import { createRealtimeBus } from './platform/realtime/bus';
import { LISTS_CHANGED_CHANNEL, createListsMemo, listsMemoSeconds } from './platform/cache/lists-memo';
import { type Metrics, createMemoCounts, createMetrics } from './platform/metrics/metrics';
import { createPostalDirectory } from './platform/postal/postal-directory';
import { createStorage } from './platform/storage/create-storage';
import { createAccessTokens } from './platform/tokens/access-tokens';
import { createPasswordHasher } from './platform/tokens/passwords';
import { serverRoot } from './platform/server-root';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
    database: DatabaseHandle;
    /** The route handlers running now; close waits for them before it closes what they use. */
    handlers: InFlight;
    /** Resolves once what this instance remembers reflects every write committed so far (RouteOptions.caughtUp). */
    caughtUp(): Promise<void>;
  }
}

const defaultWebDist = path.resolve(serverRoot, '../web/dist');

/**
 * The sandbox posts its signed events to the same webhook route Stripe's reach (its renewals
 * run as a background job: jobs.ts).
 */
function connectSandboxBilling(app: FastifyInstance, deps: Deps) {
  const { sandbox } = deps.payments;
  if (!sandbox) return;
  sandbox.deliverTo(async (payload, signature) => {
    const res = await app.inject({
      method: 'POST',
      url: API_PREFIX + STRIPE_WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
    if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}`);
  });
}

/**
 * Zod validates and serializes every route. Given as the compilers' factories, not set afterwards
 * with setValidatorCompiler, so that Fastify never loads its default Ajv and fast-json-stringify
 * compilers: 100–140 ms of every start (issue 15). Fastify types the factories after Ajv's, hence
 * the cast; they receive the route and return our compilers as setValidatorCompiler would.
 */
const ZOD_COMPILERS = {
  buildValidator: () => inputValidatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

export async function buildApp(config: Config): Promise<FastifyInstance> {
  const headers = securityHeaders(config);
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    // Two log lines per request cost a third of the server's throughput (issue 15): the access
    // lines come at LOG_LEVEL=debug; failures are logged at any level with their request id.
    logController: new LogController({ disableRequestLogging: !['debug', 'trace'].includes(config.logLevel) }),
    childLoggerFactory: lazyChildLoggerFactory,
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Honour an incoming X-Request-Id (from a load balancer) or make one.
    requestIdHeader: 'x-request-id',
    genReqId: () => randomUUID(),
    // Fastify's own closing answer skips the error handler (English body, no headers): the
    // onRequest hook below answers SERVICE_UNAVAILABLE in the one error shape instead.
    return503OnClosing: false,
    // Errors answered before any hook runs get the same body and headers as the rest.
    frameworkErrors: routerErrorHandler(headers),
    clientErrorHandler: clientErrorHandler(headers.page),
    schemaController: { compilersFactory: ZOD_COMPILERS },
  });
  // Before any route: every handler is counted, so that shutdown waits for the last (in-flight.ts).
  const handlers = trackHandlers(app);
  const memoCounts = createMemoCounts();
  const webDist = config.webDistDir ?? defaultWebDist;
  const hasWeb = existsSync(path.join(webDist, 'index.html'));
  // A landing page's index.html preloads its route's chunks (decision 070) and holds the page's
  // first render: for a signed-out visitor (decision 072), with its data where it waits for some
  // (decision 074: read from this API as an anonymous caller); for a signed-in visitor, with the
  // answers their own token gets (decision 075). Any other page is the plain index.html.
  const paintWithData = {
    async answer(url: string, authorization: string | undefined) {
      const headers = { accept: 'application/json', 'accept-language': 'ja', ...(authorization && { authorization }) };
      const res = await app.inject({ method: 'GET', url, headers });
      return res.statusCode === 200 ? res.body : undefined;
    },
    memoSeconds: config.marketCacheSeconds,
    memoStats: memoCounts.of('landing-pages'),
    onError: (error: unknown) => app.log.error({ err: error }, 'painting a landing page with its data failed'),
    whenListening: (task: () => void) =>
      app.addHook('onListen', (done) => {
        setImmediate(task);
        done();
      }),
  };
  registerErrorHandler(app, hasWeb ? landingPageHandler(webDist, paintWithData) : undefined);

  // Graceful shutdown: from preClose on, readiness fails and every answer closes
  // its connection, so in-flight requests finish and keep-alive clients let go.
  const lifecycle = { closing: false };
  app.addHook('preClose', async () => {
    lifecycle.closing = true;
  });
  // The hooks of every request are plain callbacks doing constant work (issue 15: no promise
  // and no per-request allocation on the hot path; the header sets are built once).
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers.for(request.url));
    reply.header('x-request-id', request.id);
    done(lifecycle.closing ? new AppError('SERVICE_UNAVAILABLE') : undefined);
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (lifecycle.closing) reply.header('connection', 'close');
    done(null, payload);
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => errorBody('RATE_LIMITED'),
  });
  registerCsrf(app, config.isProduction);

  // Before swagger's own hook, so that the document sees what it adds.
  registerOpenApiConventions(app);
  await app.register(swagger, {
    openapi: {
      info: {
        title: '物流マーケット API',
        version: '1.0.0',
        description: 'Logistics marketplace API (contract: packages/contract)',
        license: { name: 'Proprietary', url: `${config.appUrl}/` },
      },
      servers: [{ url: config.appUrl, description: 'この環境の API' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: completeDocument as never,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // prom-client loads while PGlite compiles its WebAssembly (metrics.ts).
  const [database, metrics] = await Promise.all([
    openDatabase(config.databaseUrl, config.dataDir, app.log, config.databasePoolSize),
    createMetrics(memoCounts),
  ]);
  metrics.countRequests(app);
  registerServerMetrics(metrics, database, handlers);
  const dispatcher = createMailDispatcher(config, database.db, app.log);
  const jobs = createJobQueue(database, { log: app.log, ...config.jobs });
  registerQueueMetrics(metrics, jobs);
  const realtime = await createRealtimeBus(config, app.log);
  const lists = createListsMemo(listsMemoSeconds(config), memoCounts.of);
  const openMarket = createOpenMarketSource(database.db, {
    maxItems: config.openMarketMaxItems,
    log: app.log,
    stats: memoCounts.of('open-market'),
    kept: (entries) => keepStandardFares(database, entries),
  });
  const listsChanged = await database.listen(LISTS_CHANGED_CHANNEL, {
    payload: (id) => {
      lists.handlers.payload(id);
      openMarket.handlers.payload(id);
    },
    gap: () => {
      lists.handlers.gap();
      openMarket.handlers.gap();
    },
  });
  const deps: Deps = {
    config,
    db: database.db,
    passwords: createPasswordHasher(config.argon2),
    accessTokens: createAccessTokens(config.jwtSecret, config.accessTokenTtlSeconds),
    // A nudge: the outbox keeps the mail, and a running instance's mail.deliver sends it. An app
    // that never starts its queue (db:seed) leaves it there for the server.
    mailWritten: () =>
      void jobs.send(MAIL_DELIVERY_JOB).catch((err: unknown) => {
        if (!(err instanceof QueueNeverStartedError)) app.log.error({ err }, 'queueing mail delivery failed');
      }),
    jobs,
    realtime,
    listsMemos: lists.memos(listsChanged),
    storage: await createStorage(config),
    payments: await createPayments(config.payments, database.db, app.log),
    metrics,
  };
  // Accounts written before the admin lists' keyword index existed (a no-op once done).
  await indexUnindexedAccounts(database.db);
  app.decorate('deps', deps);
  app.decorate('database', database);
  app.decorate('handlers', handlers);
  connectSandboxBilling(app, deps);
  defineJobs(jobs, deps, dispatcher);
  // Not awaited: installing or checking pg-boss's schema takes a few hundred ms that the first
  // answer need not wait for; a send made meanwhile waits for it (decision 101).
  app.addHook('onReady', async () => {
    jobs.start().catch((err: unknown) => app.log.error({ err }, 'the job queue did not start'));
  });
  app.addHook('onClose', async () => {
    // The runs in flight finish first (a renewal's webhook, a mail batch), then what they use closes.
    await jobs.stop();
    await deps.payments.sandbox?.flush();
    dispatcher.close();
    await realtime.close();
    await database.close();
  });

  const twoFactor = createTwoFactorService(deps);
  const auth = createAuthService(deps, twoFactor);
  const routeOptions: RouteOptions = {
    authenticate: auth.authenticate,
    rateLimitPerMinute: config.authRateLimitPerMinute,
    caughtUp: async () => {
      await listsChanged.caughtUp();
      await openMarket.settled();
    },
    pageHeaders: headers.page,
  };
  app.decorate('caughtUp', routeOptions.caughtUp);
  registerHealthRoutes(app, database, lifecycle, !config.isProduction);
  registerMetricsRoutes(app, metrics, { token: config.metricsToken, open: !config.isProduction });
  registerAuthRoutes(app, routeOptions, auth);
  registerTwoFactorRoutes(app, routeOptions, twoFactor);
  registerRegistrationRoutes(app, routeOptions, deps);
  registerAccountRoutes(app, routeOptions, deps);
  registerLocationRoutes(app, routeOptions, { postal: createPostalDirectory() });
  registerFileRoutes(app, routeOptions, deps);
  registerRequestItemRoutes(app, routeOptions, deps, openMarket.reader(listsChanged));
  registerRequestTemplateRoutes(app, routeOptions, deps);
  registerCandidateRoutes(app, routeOptions, deps);
  registerCompanyDriverRoutes(app, routeOptions, deps);
  registerRequestLifecycleRoutes(app, routeOptions, deps);
  registerStopTimeRoutes(app, routeOptions, deps);
  registerReviewRoutes(app, routeOptions, deps);
  registerCarrierRegisterRoutes(app, routeOptions, deps);
  registerTransportConditionsRoutes(app, routeOptions, deps);
  registerInvoiceRoutes(app, routeOptions, deps);
  registerStandardFareRoutes(app, routeOptions, deps);
  registerBillingProfileRoutes(app, routeOptions, deps);
  registerPlaceRoutes(app, routeOptions, deps);
  registerCarrierVerificationRoutes(app, routeOptions, deps);
  registerTalkroomRoutes(app, routeOptions, deps);
  registerNotificationRoutes(app, routeOptions, deps);
  registerAdminRoutes(app, routeOptions, deps);
  registerPaymentRoutes(app, routeOptions, deps);
  registerSubscriptionDocumentRoutes(app, routeOptions, deps);
  if (!config.isProduction) registerDevMailbox(app, database.db);

  // The built SPA; its history fallback is the not-found handler (registerErrorHandler).
  // The build's brotli and gzip copies are sent to browsers that accept them (decision 054).
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      // Routed below (web-files.ts); `/` is a landing page too, which the history fallback
      // above answers.
      serve: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply, filePath) => reply.header('cache-control', webCacheControl(webDist, filePath)),
    });
    app.get<{ Params: { '*': string } }>(`/${ASSETS}/*`, { schema: { hide: true } }, (request, reply) => {
      const name = request.params['*'];
      return isAssetName(name) ? reply.sendFile(`${ASSETS}/${name}`) : reply.callNotFound();
    });
    for (const file of webFiles(webDist)) {
      app.get(`/${file}`, { schema: { hide: true } }, (_request, reply) => reply.sendFile(file));
    }
  }
  // Registered last, so it runs first: Fastify runs the onClose hooks newest first, after the
  // server stopped listening and its connections ended. A handler whose client went away has no
  // connection left to wait for; the pool, Redis and the rest are closed only after it finished.
  app.addHook('onClose', async () => {
    if (handlers.count > 0) app.log.info({ handlers: handlers.count }, 'shutting down: waiting for running handlers');
    await handlers.drained();
  });
  return app;
}

/** The background jobs (decision 101), read once per scrape for the four figures. */
function registerQueueMetrics(metrics: Metrics, jobs: JobQueue) {
  let reading: { at: number; health: Promise<QueueHealth> } | undefined;
  // One query per scrape, not one per figure.
  const health = () => {
    if (!reading || Date.now() - reading.at > 1_000) reading = { at: Date.now(), health: jobs.health() };
    return reading.health;
  };
  metrics.gauge({
    name: 'logi_jobs_queued',
    help: 'Background jobs waiting, due or deferred.',
    read: async () => (await health()).depth,
  });
  metrics.gauge({
    name: 'logi_jobs_oldest_due_seconds',
    help: 'How long the longest-waiting due job has waited.',
    read: async () => (await health()).oldestDueSeconds,
  });
  metrics.gauge({ name: 'logi_jobs_running', help: 'Background jobs running now.', read: async () => (await health()).running });
  metrics.gauge({
    name: 'logi_jobs_failed',
    help: 'Background jobs failed for good and still kept.',
    read: async () => (await health()).failed,
  });
}

/** The pool and the handlers running, read when Prometheus scrapes. */
function registerServerMetrics(metrics: Metrics, database: DatabaseHandle, handlers: InFlight) {
  metrics.gauge({
    name: 'logi_http_handlers_running',
    help: 'Route handlers running now (shutdown waits for them).',
    read: () => handlers.count,
  });
  // PGlite has no pool (one embedded session, one statement at a time): only its size, 1, is reported.
  metrics.gauge({
    name: 'logi_db_pool_max',
    help: 'Connections the database pools (statements, transactions) may open together (PGlite: 1).',
    read: () => database.pool()?.max ?? 1,
  });
  if (database.kind !== 'postgres') return;
  metrics.gauge({
    name: 'logi_db_pool_connections',
    help: 'Open PostgreSQL connections by state: in_use (checked out by a query or transaction) or idle.',
    labelNames: ['state'],
    read: () => {
      const pool = database.pool()!;
      return [
        { labels: { state: 'in_use' }, value: pool.inUse },
        { labels: { state: 'idle' }, value: pool.idle },
      ];
    },
  });
  metrics.gauge({
    name: 'logi_db_pool_waiting',
    help: 'Queries waiting for a PostgreSQL connection.',
    read: () => database.pool()!.waiting,
  });
}
