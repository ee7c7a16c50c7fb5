/** The subscription's 適格請求書 and 領収書 (HTTP only): the list, and each PDF as an attachment. */
import { subscriptionDocumentRoutes as r } from '@logi/contract';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { createSubscriptionDocumentsService } from './subscription-documents.service';

export function registerSubscriptionDocumentRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const documents = createSubscriptionDocumentsService(deps);
  addRoute(app, opts, r.list, ({ auth }) => documents.list(auth));
  addRoute(app, opts, r.download, async ({ auth, params, reply }) => {
    const { fileName, pdf } = await documents.download(auth, params.documentId, params.kind);
    // A Buffer goes out as it is: Fastify serializes nothing.
    reply.type('application/pdf').header('content-disposition', contentDisposition(fileName, { type: 'attachment' }));
    return pdf as never;
  });
}
