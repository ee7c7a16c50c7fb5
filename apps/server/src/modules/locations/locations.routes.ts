import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from '../../platform/http/routes';

// TODO(locations): GET /locations?postalCode=
export function registerLocationRoutes(_app: FastifyInstance, _opts: RouteOptions) {}
