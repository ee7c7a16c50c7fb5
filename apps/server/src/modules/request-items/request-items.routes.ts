/** The request item calls of spec §7: creation and reading (HTTP only). */
import { requestItemRoutes as r } from '@logi/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, jsonBytes, type RouteOptions } from '../../platform/http/routes';
import { registerFileReadCheck } from '../files/files.service';
import { canReadRequestItem, createRequestItemsService, getRequestItemRow } from './request-items.service';

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

export function registerRequestItemRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const items = createRequestItemsService(deps);
  // A request item's images are readable by whoever may open the item.
  registerFileReadCheck('REQUEST_ITEM_IMAGE', async (db, reader, entityId) =>
    canReadRequestItem(db, reader, await getRequestItemRow(db, entityId)).catch(() => false),
  );

  addRoute(app, opts, r.createDelivery, ({ auth, body }) => items.createDelivery(auth, body));
  addRoute(app, opts, r.createWarehouse, ({ auth, body }) => items.createWarehouse(auth, body));
  addRoute(app, opts, r.repost, ({ auth, params }) => items.repost(auth, params.requestItemId));
  addRoute(app, opts, r.listPublic, ({ auth, query, reply }) => jsonBytes(reply, items.listPublicJson(auth, query)));
  addRoute(app, opts, r.listPrivate, ({ auth, query, reply }) => jsonBytes(reply, items.listPrivate(auth, query)));
  addRoute(app, opts, r.topPublic, ({ auth, query, reply }) => jsonBytes(reply, items.topPublicJson(auth, query)));
  addRoute(app, opts, r.topPrivate, ({ auth, query, reply }) => jsonBytes(reply, items.topPrivate(auth, query)));
  addRoute(app, opts, r.publicDetail, ({ auth, params, reply }) =>
    jsonBytes(reply, items.publicDetailJson(auth, params.requestItemId)),
  );
  addRoute(app, opts, r.privateDetail, ({ auth, params, reply }) =>
    jsonBytes(reply, items.privateDetailJson(auth, params.requestItemId)),
  );
  addRoute(app, opts, r.myItems, ({ auth, query, reply }) => jsonBytes(reply, items.myItemsJson(auth, query)));
  addRoute(app, opts, r.myItemDetail, ({ auth, params, reply }) =>
    trustedShape(reply, items.myItemDetail(auth, params.requestItemId)),
  );
  addRoute(app, opts, r.appliedItems, ({ auth, query, reply }) => jsonBytes(reply, items.appliedItemsJson(auth, query)));
  addRoute(app, opts, r.appliedItemDetail, ({ auth, params, reply }) =>
    trustedShape(reply, items.appliedItemDetail(auth, params.requestItemId)),
  );
  addRoute(app, opts, r.deliveryDetail, ({ auth, params, reply }) =>
    trustedShape(reply, items.typedDetail(auth, params.requestItemId, 'DELIVERY')),
  );
  addRoute(app, opts, r.warehouseDetail, ({ auth, params, reply }) =>
    trustedShape(reply, items.typedDetail(auth, params.requestItemId, 'WAREHOUSE')),
  );
}
