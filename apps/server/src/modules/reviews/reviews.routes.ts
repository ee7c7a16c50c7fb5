/** Measured facts, measured waiting and reviews (HTTP only). */
import { reviewRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createReviewsService } from './reviews.service';

export function registerReviewRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const reviews = createReviewsService(deps);
  addRoute(app, opts, r.jobReviews, ({ auth, query }) => reviews.jobReviews(auth, query.requestItemId));
  addRoute(app, opts, r.writeReview, ({ auth, body }) => reviews.write(auth, body));
  addRoute(app, opts, r.editReview, ({ auth, params, body }) => reviews.edit(auth, params.id, body));
  addRoute(app, opts, r.replyReview, ({ auth, params, body }) => reviews.reply(auth, params.id, body.reply));
  addRoute(app, opts, r.hideReview, ({ auth, params, body }) => reviews.hide(auth, params.id, body.reason));
  addRoute(app, opts, r.showReview, ({ auth, params, body }) => reviews.show(auth, params.id, body.reason));
  addRoute(app, opts, r.adminReviews, ({ query }) => reviews.adminList(query));
  addRoute(app, opts, r.carrierProfile, ({ params }) => reviews.carrierProfile(params.id));
  addRoute(app, opts, r.requestTrust, ({ auth, params }) => reviews.requestTrust(auth, params.requestItemId));
}
