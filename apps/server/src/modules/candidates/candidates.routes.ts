/** Applying to request items and the candidates of one's own items (HTTP only). */
import { candidateRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createCandidatesService } from './candidates.service';

export function registerCandidateRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const candidates = createCandidatesService(deps);
  addRoute(app, opts, r.requestPrice, ({ auth, body }) => candidates.requestPrice(auth, body));
  addRoute(app, opts, r.applyFixedPrice, ({ auth, body }) => candidates.applyFixedPrice(auth, body));
  addRoute(app, opts, r.list, ({ auth, query }) => candidates.list(auth, query));
  addRoute(app, opts, r.detail, ({ auth, params, query }) => candidates.detail(auth, params.id, query.requestItemId));
  addRoute(app, opts, r.standardFare, ({ auth, params }) => candidates.standardFare(auth, params.id));
  addRoute(app, opts, r.approve, ({ auth, params, body }) => candidates.approve(auth, params.id, body));
}
