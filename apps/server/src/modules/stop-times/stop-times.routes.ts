/** Waiting and loading time at the stops (HTTP only). */
import { stopTimeRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createStopTimeService } from './stop-times.service';

export function registerStopTimeRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const stopTimes = createStopTimeService(deps);
  addRoute(app, opts, r.recordStopTime, ({ auth, params, body }) => stopTimes.record(auth, params.requestItemId, body));
  addRoute(app, opts, r.stopTimes, ({ auth, params }) => stopTimes.read(auth, params.requestItemId));
  addRoute(app, opts, r.stopTimeReport, ({ auth, query }) => stopTimes.report(auth, query.month));
}
