import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import type { RouteOptions } from '../../platform/http/routes';

// TODO(accounts): profile, request-email-update, verify-email-update, toggle-status.
export function registerAccountRoutes(_app: FastifyInstance, _opts: RouteOptions, _deps: Deps) {}
