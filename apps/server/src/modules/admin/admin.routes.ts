/** The admin back office calls: customers, drivers, the request lists, the overview, the audit log and the background jobs. */
import { adminRoutes as r } from '@logi/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../platform/deps';
import { encodeJsonOf } from '../../platform/http/json-bytes';
import { addRoute, jsonBytes, type RouteOptions } from '../../platform/http/routes';
import { listAuditLog } from '../audit-log/audit-log.service';
import { createBackgroundJobsService } from '../background-jobs/background-jobs.service';
import { createAdminRequestsService } from './admin.requests.service';
import { createAdminService } from './admin.service';

export function registerAdminRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const admin = createAdminService(deps.db, {
    overviewCacheSeconds: deps.config.adminOverviewCacheSeconds,
    searchCacheSeconds: deps.config.adminSearchCacheSeconds,
    searchStats: deps.metrics.memo('admin-account-searches'),
  });
  const requests = createAdminRequestsService(
    deps.db,
    deps.config.adminSearchCacheSeconds,
    undefined,
    deps.metrics.memo('admin-request-searches'),
  );
  // The lists answer JSON bytes without the response schema's zod pass, as the market's do (decision
  // 022; most of a list's CPU): their rows come from our own SQL and mapping, and the tests hold
  // each to the contract's schema (decision 087).
  const list = (reply: FastifyReply, answer: Promise<unknown>) => jsonBytes(reply, encodeJsonOf(answer));
  addRoute(app, opts, r.customers, ({ query, reply }) => list(reply, admin.customers(query)));
  addRoute(app, opts, r.customer, ({ params }) => admin.customer(params.customerId));
  addRoute(app, opts, r.customerRequestItems, ({ params, query }) => admin.customerRequestItems(params.customerId, query));
  addRoute(app, opts, r.drivers, ({ query, reply }) => list(reply, admin.drivers(query)));
  addRoute(app, opts, r.driver, ({ params }) => admin.driver(params.driverId));
  addRoute(app, opts, r.driverRequestItems, ({ params, query }) => admin.driverRequestItems(params.driverId, query));
  addRoute(app, opts, r.driverSubAccounts, ({ params, query, reply }) =>
    list(reply, admin.driverSubAccounts(params.driverId, query)),
  );
  addRoute(app, opts, r.deliveries, ({ query, reply }) => list(reply, requests.deliveries(query)));
  addRoute(app, opts, r.warehouses, ({ query, reply }) => list(reply, requests.warehouses(query)));
  addRoute(app, opts, r.overview, () => admin.overview());
  addRoute(app, opts, r.auditLog, ({ query }) => listAuditLog(deps.db, query));
  const jobs = createBackgroundJobsService(deps.jobs);
  addRoute(app, opts, r.jobs, ({ query }) => jobs.list(query));
  addRoute(app, opts, r.retryJob, ({ params }) => jobs.retry(params.jobId));
}
