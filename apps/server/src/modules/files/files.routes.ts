/** The files calls of spec §7 (Files): sign uploads, confirm them, read and download a file. */
import { API_PREFIX, fileRoutes as r } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps';
import { addRoute, type RouteOptions } from '../../platform/http/routes';
import { LOCAL_STORAGE_BASE_PATH } from '../../platform/storage/create-storage';
import { isLocalStorage } from '../../platform/storage/local-storage';
import { registerLocalStorageRoutes } from '../../platform/storage/local-storage.routes';
import { createFilesService } from './files.service';

export function registerFileRoutes(app: FastifyInstance, opts: RouteOptions, deps: Deps) {
  const files = createFilesService(deps);
  addRoute(app, opts, r.upload, ({ auth, body }) => files.signUploads(auth, body));
  addRoute(app, opts, r.confirm, ({ auth, body }) => files.confirmUploads(auth, body.fileIds));
  addRoute(app, opts, r.get, ({ auth, params }) => files.getFile(auth, params.id));

  // A redirect has no JSON body, so this one entry is registered by hand.
  app.withTypeProvider<ZodTypeProvider>().route({
    method: r.download.method,
    url: API_PREFIX + r.download.path,
    schema: {
      summary: r.download.summary,
      tags: ['files'],
      params: r.download.params,
      response: { 302: r.download.response },
    },
    handler: async (request, reply) => {
      const auth = await opts.authenticate(request);
      return reply.redirect(await files.downloadUrl(auth, request.params.id), 302);
    },
  });

  if (isLocalStorage(deps.storage)) {
    registerLocalStorageRoutes(app, LOCAL_STORAGE_BASE_PATH, deps.storage, files.recordUpload, opts.pageHeaders);
  }
}
