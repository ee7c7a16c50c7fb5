import { twoFactorRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import type { TwoFactorService } from './two-factor.service';

export function registerTwoFactorRoutes(app: FastifyInstance, opts: RouteOptions, twoFactor: TwoFactorService) {
  addRoute(app, opts, r.status, ({ auth }) => twoFactor.status(auth));
  addRoute(app, opts, r.startEnrolment, ({ auth }) => twoFactor.startEnrolment(auth));
  addRoute(app, opts, r.confirmEnrolment, ({ auth, body }) => twoFactor.confirmEnrolment(auth, body.code));
  addRoute(app, opts, r.disable, ({ auth, body }) => twoFactor.disable(auth, body));
}
