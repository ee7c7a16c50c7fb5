/** The request item calls of spec §7: creation and reading (HTTP only). */
import { carrierVerificationRoutes, requestItemRoutes as r } from '@logi/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, jsonBytes, type RouteOptions } from '../../platform/http/routes';
import { registerFileReadCheck } from '../files/files.service';
import { canReadRequestItem, getRequestItemRow } from './request-items.access.service';
import type { OpenMarketReader } from './open-market.service';
import { createCachedReads } from './request-items.cached-reads';
import { appliedItemDetail, myItemDetail, typedDetail } from './request-items.detail';
import { createRequestItemsService } from './request-items.service';

/**
 * The reads answer with plain JSON.stringify instead of the response schema's zod pass
 * (most of a list's CPU, docs/decisions/022-market-list-speed.md): these shapes come from
 * our own SQL and view functions, and the tests hold every one of them to the contract's
 * schema, as each kind of caller sees it.
 */
function trustedShape<T>(reply: FastifyReply, answer: Promise<T>): Promise<T> {
  // With a serializer of its own, Fastify leaves the content type to the route.
  reply.type('application/json; charset=utf-8').serializer(JSON.stringify);
  return answer;
}

export function registerRequestItemRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps, openMarket: OpenMarketReader) {
  const items = createRequestItemsService(deps);
  const reads = createCachedReads(deps, openMarket);
  // A request item's images are readable by whoever may open the item.
  registerFileReadCheck('REQUEST_ITEM_IMAGE', async (db, reader, entityId) =>
    canReadRequestItem(db, reader, await getRequestItemRow(db, entityId)).catch(() => false),
  );

  addRoute(app, opts, r.createDelivery, ({ auth, body }) => items.createDelivery(auth, body));
  addRoute(app, opts, r.importDeliveries, ({ auth, body }) => items.importDeliveries(auth, body));
  addRoute(app, opts, r.createWarehouse, ({ auth, body }) => items.createWarehouse(auth, body));
  addRoute(app, opts, r.repost, ({ auth, params }) => items.repost(auth, params.requestItemId));
  addRoute(app, opts, carrierVerificationRoutes.setVerifiedOnly, ({ auth, params, body }) =>
    items.setVerifiedCarriersOnly(auth, params.requestItemId, body.verifiedCarriersOnly),
  );
  addRoute(app, opts, r.listPublic, ({ auth, query, reply }) => jsonBytes(reply, reads.listPublicBytes(auth, query)));
  addRoute(app, opts, r.listPrivate, ({ auth, query, reply }) => jsonBytes(reply, reads.listPrivateBytes(auth, query)));
  addRoute(app, opts, r.topPublic, ({ auth, query, reply }) => jsonBytes(reply, reads.topPublicBytes(auth, query)));
  addRoute(app, opts, r.topPrivate, ({ auth, query, reply }) => jsonBytes(reply, reads.topPrivateBytes(auth, query)));
  addRoute(app, opts, r.publicDetail, ({ auth, params, reply }) =>
    jsonBytes(reply, reads.publicDetailBytes(auth, params.requestItemId)),
  );
  addRoute(app, opts, r.privateDetail, ({ auth, params, reply }) =>
    jsonBytes(reply, reads.privateDetailBytes(auth, params.requestItemId)),
  );
  addRoute(app, opts, r.myItems, ({ auth, query, reply }) => jsonBytes(reply, reads.myItemsBytes(auth, query)));
  addRoute(app, opts, r.myItemDetail, ({ auth, params, reply }) =>
    trustedShape(reply, myItemDetail(deps, auth, params.requestItemId)),
  );
  addRoute(app, opts, r.appliedItems, ({ auth, query, reply }) => jsonBytes(reply, reads.appliedItemsBytes(auth, query)));
  addRoute(app, opts, r.appliedItemDetail, ({ auth, params, reply }) =>
    trustedShape(reply, appliedItemDetail(deps, auth, params.requestItemId)),
  );
  addRoute(app, opts, r.deliveryDetail, ({ auth, params, reply }) =>
    trustedShape(reply, typedDetail(deps, auth, params.requestItemId, 'DELIVERY')),
  );
  addRoute(app, opts, r.warehouseDetail, ({ auth, params, reply }) =>
    trustedShape(reply, typedDetail(deps, auth, params.requestItemId, 'WAREHOUSE')),
  );
}
