/** 実運送体制管理簿 (HTTP only). */
import { carrierRegisterRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createCarrierRegisterService } from './carrier-register.service';

export function registerCarrierRegisterRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const register = createCarrierRegisterService(deps);
  addRoute(app, opts, r.register, ({ auth, query }) => register.register(auth, query.month));
}
