/** Talkrooms and their messages (HTTP only). */
import { talkroomRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { registerFileReadCheck } from '../files/files.service';
import { canReadMessage, createTalkroomsService } from './talkrooms.service';

export function registerTalkroomRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const talkrooms = createTalkroomsService(deps);
  // A message's attachments: the two parties of its talkroom (and the admin, as for every file).
  registerFileReadCheck('MESSAGE', canReadMessage);

  addRoute(app, opts, r.list, ({ auth, params }) => talkrooms.list(auth, params.requestItemId));
  addRoute(app, opts, r.messages, ({ auth, params, query }) => talkrooms.messages(auth, params.requestItemId, query));
  addRoute(app, opts, r.postMessage, ({ auth, params, body }) => talkrooms.post(auth, params.requestItemId, body));
}
