/** The fair-price meter (HTTP only): the quote, the lane prices, the admin's fuel price. */
import { standardFareRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createStandardFaresService } from './standard-fares.service';

export function registerStandardFareRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const fares = createStandardFaresService(deps);
  addRoute(app, opts, r.quote, ({ body }) => fares.quote(body));
  addRoute(app, opts, r.lanePrices, ({ query }) => fares.lanePrices(query));
  addRoute(app, opts, r.requestLanePrices, ({ auth, params }) => fares.requestLanePrices(auth, params.requestItemId));
  addRoute(app, opts, r.fuelPrices, () => fares.fuelPrices());
  addRoute(app, opts, r.setFuelPrice, ({ auth, body }) => fares.setFuelPrice(auth, body));
}
