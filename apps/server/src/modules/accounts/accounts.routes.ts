/** The accounts calls of spec §7 Auth: profile, e-mail change, the admin's status toggle. */
import { authRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createAccountsService } from './accounts.service';

export function registerAccountRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const accounts = createAccountsService(deps);
  addRoute(app, opts, r.profile, ({ auth, body }) => accounts.updateProfile(auth, body));
  addRoute(app, opts, r.requestEmailUpdate, ({ auth, body }) => accounts.requestEmailUpdate(auth, body.email));
  addRoute(app, opts, r.verifyEmailUpdate, ({ body }) => accounts.verifyEmailUpdate(body.token));
  addRoute(app, opts, r.toggleStatus, ({ auth, params }) => accounts.toggleStatus(auth, params.id));
}
