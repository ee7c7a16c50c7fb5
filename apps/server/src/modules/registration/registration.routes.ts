import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import type { RouteOptions } from '../../platform/http/routes';

// TODO(registration): signup, verify-email-token, resend-verify, customer/driver-manager/driver register, driver-invite.
export function registerRegistrationRoutes(_app: FastifyInstance, _opts: RouteOptions, _deps: Deps) {}
