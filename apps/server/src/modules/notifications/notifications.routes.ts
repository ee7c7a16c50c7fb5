import { notificationRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createNotificationsService } from './notifications.service';
import { registerNotificationStream } from './notifications.stream';

export function registerNotificationRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const notifications = createNotificationsService(deps);
  addRoute(app, opts, r.list, ({ auth, query }) => notifications.list(auth, query));
  addRoute(app, opts, r.hasUnread, ({ auth }) => notifications.hasUnread(auth));
  addRoute(app, opts, r.systemList, ({ query }) => notifications.systemList(query));
  addRoute(app, opts, r.broadcast, ({ auth, body }) => notifications.broadcast(auth, body));
  addRoute(app, opts, r.message, ({ auth, body }) => notifications.message(auth, body));
  addRoute(app, opts, r.detail, ({ auth, params }) => notifications.detail(auth, params.notificationId));
  addRoute(app, opts, r.markAsRead, ({ auth, params }) => notifications.markAsRead(auth, params.notificationId));
  addRoute(app, opts, r.systemDetail, ({ params }) => notifications.systemDetail(params.notificationId));
  return registerNotificationStream(app, opts.authenticate, deps);
}
