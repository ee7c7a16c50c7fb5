import { authRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createRegistrationService } from './registration.service';

export function registerRegistrationRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const registration = createRegistrationService(deps);
  addRoute(app, opts, r.signup, ({ body }) => registration.signup(body.email));
  addRoute(app, opts, r.resendVerify, ({ query }) => registration.resendVerify(query.email));
  addRoute(app, opts, r.verifyEmailToken, ({ query, auth }) => registration.verifyEmailToken(query.token, auth));
  addRoute(app, opts, r.customerRegister, ({ body }) => registration.customerRegister(body));
  addRoute(app, opts, r.driverManagerRegister, ({ body }) => registration.driverManagerRegister(body));
  addRoute(app, opts, r.driverInvite, ({ auth, body }) => registration.driverInvite(auth, body.email));
  addRoute(app, opts, r.driverRegister, ({ body }) => registration.driverRegister(body));
}
