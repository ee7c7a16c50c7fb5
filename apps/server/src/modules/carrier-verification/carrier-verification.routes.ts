/** A verified carrier (decision 104): the manager's submission, the admin's queue and review (HTTP only). */
import { carrierVerificationRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createCarrierVerificationService } from './carrier-verification.service';

export function registerCarrierVerificationRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const verification = createCarrierVerificationService(deps);
  addRoute(app, opts, r.get, ({ auth, params }) => verification.get(auth, params.companyId));
  addRoute(app, opts, r.submit, ({ auth, params, body }) => verification.submit(auth, params.companyId, body));
  addRoute(app, opts, r.list, ({ query }) => verification.list(query));
  addRoute(app, opts, r.review, ({ auth, params, body }) => verification.review(auth, params.companyId, body));
}
