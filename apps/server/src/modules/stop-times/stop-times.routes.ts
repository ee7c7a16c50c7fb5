/** Waiting and loading time at the stops (HTTP only). */
import { STOP_TIMES_TEXT, stopTimeRoutes as r } from '@logi/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createStopTimeService } from './stop-times.service';

export function registerStopTimeRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const stopTimes = createStopTimeService(deps);
  addRoute(app, opts, r.recordStopTime, ({ auth, params, body }) => stopTimes.record(auth, params.requestItemId, body));
  addRoute(app, opts, r.correctStopTime, ({ auth, params, body }) => stopTimes.correct(auth, params.requestItemId, body));
  addRoute(app, opts, r.stopTimes, ({ auth, params }) => stopTimes.read(auth, params.requestItemId));
  // The shipper's per-request mute of the 到着・出発 notices (decision 107).
  addRoute(app, opts, r.stopNotifications, ({ auth, params }) => stopTimes.notificationSetting(auth, params.requestItemId));
  addRoute(app, opts, r.setStopNotifications, ({ auth, params, body }) =>
    stopTimes.setNotifications(auth, params.requestItemId, body.muted),
  );
  addRoute(app, opts, r.stopTimeReport, ({ auth, query }) => stopTimes.report(auth, query.month));
  addRoute(app, opts, r.waitingCharges, async ({ auth, query, reply }) => {
    const csv = await stopTimes.waitingCharges(auth, query.month);
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition(STOP_TIMES_TEXT.statement.fileName(query.month), { type: 'attachment' }));
    return csv;
  });
}
