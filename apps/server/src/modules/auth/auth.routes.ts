import { authRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import type { AuthService } from './auth.service';

export function registerAuthRoutes(app: FastifyInstance, opts: RouteOptions, auth: AuthService) {
  addRoute(app, opts, r.login, ({ body }) => auth.login(body));
  addRoute(app, opts, r.loginTotp, ({ body }) => auth.loginTotp(body));
  addRoute(app, opts, r.refreshToken, ({ request }) => auth.refresh(request));
  addRoute(app, opts, r.logout, ({ auth: caller }) => auth.logout(caller));
  addRoute(app, opts, r.session, ({ auth: caller }) => auth.session(caller));
  addRoute(app, opts, r.changePassword, ({ auth: caller, body }) => auth.changePassword(caller, body));
  addRoute(app, opts, r.forgotPassword, ({ body }) => auth.forgotPassword(body));
  addRoute(app, opts, r.verifyResetToken, ({ query }) => auth.verifyResetToken(query.token));
  addRoute(app, opts, r.resetPassword, ({ body }) => auth.resetPassword(body));
}
