/** The request lifecycle calls (HTTP only). */
import { requestLifecycleRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { registerFileReadCheck } from '../files/files.service';
import { canReadDeliveryReport, createRequestLifecycleService } from './request-lifecycle.service';

export function registerRequestLifecycleRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const lifecycle = createRequestLifecycleService(deps);
  // The report images: the item's owner and its driver (and the admin, as for every file).
  registerFileReadCheck('DELIVERY_REPORT', canReadDeliveryReport);

  addRoute(app, opts, r.inactivateTalkroom, ({ auth, params }) => lifecycle.inactivateTalkroom(auth, params.id));
  addRoute(app, opts, r.confirmReceive, ({ auth, params }) => lifecycle.confirmReceive(auth, params.requestItemId));
  addRoute(app, opts, r.deliveryReport, ({ auth, params, body }) => lifecycle.report(auth, params.requestItemId, body));
  addRoute(app, opts, r.complete, ({ auth, params }) => lifecycle.complete(auth, params.requestItemId));
  addRoute(app, opts, r.cancel, ({ auth, params }) => lifecycle.cancel(auth, params.requestItemId));
  addRoute(app, opts, r.ownerDelete, ({ auth, params }) => lifecycle.ownerDelete(auth, params.requestItemId));
  addRoute(app, opts, r.adminDelete, ({ auth, params }) => lifecycle.adminDelete(auth, params.requestItemId));
}
