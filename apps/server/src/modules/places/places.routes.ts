/** A shipper's saved places (HTTP only; decision 106). */
import { placeRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createPlacesService } from './places.service';

export function registerPlaceRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const places = createPlacesService(deps);
  addRoute(app, opts, r.list, ({ auth, query }) => places.list(auth, query));
  addRoute(app, opts, r.get, ({ auth, params }) => places.get(auth, params.placeId));
  addRoute(app, opts, r.create, ({ auth, body }) => places.create(auth, body));
  addRoute(app, opts, r.update, ({ auth, params, body }) => places.update(auth, params.placeId, body));
  addRoute(app, opts, r.remove, ({ auth, params }) => places.remove(auth, params.placeId));
}
