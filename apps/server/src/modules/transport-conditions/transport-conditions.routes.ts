/** 運送条件書 (HTTP only): the PDF itself, never cached by a shared cache. */
import { transportConditionsRoutes as r } from '@logi/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createTransportConditionsService } from './transport-conditions.service';

export function registerTransportConditionsRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const conditions = createTransportConditionsService(deps);
  addRoute(app, opts, r.download, async ({ auth, params, query, reply }) => {
    const { fileName, pdf } = await conditions.download(auth, params.requestItemId, query.version);
    // A Buffer goes out as it is: Fastify serializes nothing.
    reply.type('application/pdf').header('content-disposition', contentDisposition(fileName, { type: 'attachment' }));
    return pdf as never;
  });
}
