/** A driver manager's drivers, invitations and job assignment (HTTP only). */
import { companyDriverRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createCompanyDriversService } from './company-drivers.service';

export function registerCompanyDriverRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const drivers = createCompanyDriversService(deps);
  addRoute(app, opts, r.list, ({ auth, query }) => drivers.list(auth, query));
  addRoute(app, opts, r.remove, ({ auth, params }) => drivers.remove(auth, params.driverId));
  addRoute(app, opts, r.invitations, ({ auth, query }) => drivers.invitations(auth, query));
  addRoute(app, opts, r.resendInvitation, ({ auth, params }) => drivers.resendInvitation(auth, params.invitationId));
  addRoute(app, opts, r.revokeInvitation, ({ auth, params }) => drivers.revokeInvitation(auth, params.invitationId));
  addRoute(app, opts, r.assignCarrier, ({ auth, params, body }) =>
    drivers.assignCarrier(auth, params.requestItemId, body.driverId),
  );
}
