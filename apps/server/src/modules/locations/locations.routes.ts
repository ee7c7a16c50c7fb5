/** GET /locations?postalCode= (spec §7 "Files and locations"). */
import { locationRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import { addRoute, jsonBytes, type RouteOptions } from '../../platform/http/routes';
import type { PostalDirectory } from '../../platform/postal/postal-directory';
import { createLocationsService } from './locations.service';

/** The answer changes only with the package's data, i.e. with a release. */
const CACHE_CONTROL = 'public, max-age=86400';

export function registerLocationRoutes(app: FastifyInstance, opts: RouteOptions, deps: { postal: PostalDirectory }) {
  const locations = createLocationsService(deps.postal);
  addRoute(app, opts, r.lookup, async ({ query, reply }) => {
    reply.header('cache-control', CACHE_CONTROL);
    return jsonBytes(reply, locations.lookupJson(query.postalCode));
  });
}
