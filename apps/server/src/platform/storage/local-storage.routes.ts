/**
 * The HTTP side of the local storage adapter: the multipart POST a signed upload
 * policy points at, and the signed, short-lived download link. Both authorise by
 * their signature alone (no bearer token), like S3's own endpoints.
 */
import path from 'node:path';
import send from '@fastify/send';
import multipart from '@fastify/multipart';
import { FILE_MAX_BYTES, type RouteDef, fileRoutes } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error';
import type { HeaderSet } from '../http/security-headers';
import { downloadDisposition } from './file-storage';
import { LOCAL_DOWNLOAD_PATH, LOCAL_UPLOAD_PATH, type LocalStorage, type UploadPart } from './local-storage';

/** Called once an object is stored, so that its owner module records it as uploaded. */
export type OnUploaded = (key: string, size: number) => Promise<void>;

/** The contract's entry documents the route (decision 088); the OpenAPI hook finds it by its path. */
const documented = (def: RouteDef) => ({ summary: def.summary, tags: ['files'], ...(def.query && { querystring: def.query }) });

export function registerLocalStorageRoutes(
  app: FastifyInstance,
  basePath: string,
  storage: LocalStorage,
  onUploaded: OnUploaded,
  pageHeaders: HeaderSet,
) {
  // Multipart is parsed only in this scope: every other route stays JSON-only.
  app.register(async (scope) => {
    await scope.register(multipart, {
      // Each policy carries its own smaller limit; this is the hard stop.
      limits: { fileSize: FILE_MAX_BYTES + 1, fields: 20, fieldSize: 16 * 1024, parts: 30 },
    });
    // The form is read part by part below (the file streams to disk), so the entry's body
    // schema documents it (decision 088) but validates nothing here.
    scope.post(basePath + LOCAL_UPLOAD_PATH, { schema: documented(fileRoutes.localUpload) }, async (request, reply) => {
      if (!request.isMultipart()) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
      const { key, size } = await storage.receiveUpload(request.parts() as AsyncIterable<UploadPart>);
      await onUploaded(key, size);
      return reply.code(204).send();
    });
  });

  app.get(basePath + LOCAL_DOWNLOAD_PATH, { schema: documented(fileRoutes.localDownload) }, async (request, reply) => {
    const download = await storage.resolveDownload(request.query as Record<string, unknown>);
    // @fastify/send answers ranges (video seeking), ETag and conditional requests.
    const result = await send(request.raw, '/' + encodeURIComponent(path.basename(download.filePath)), {
      root: path.dirname(download.filePath),
      contentType: false,
      cacheControl: false,
      dotfiles: 'allow',
      index: false,
    });
    if (result.type === 'error') {
      // send's own refusals are HTML pages: answer them in the one error shape instead. A
      // range past the end keeps the `Content-Range: bytes */size` that says why (RFC 9110).
      if (result.statusCode === 416) {
        reply.header('content-range', result.headers['Content-Range']);
        throw new AppError('RANGE_NOT_SATISFIABLE');
      }
      throw new AppError(
        result.statusCode === 412 ? 'PRECONDITION_FAILED' : result.statusCode >= 500 ? 'INTERNAL_ERROR' : 'FILE_NOT_FOUND',
      );
    }
    // A file opens as a page (an image, a video, a PDF): the page's headers, not the JSON API's,
    // whose policy would let it load nothing, not even itself as a video.
    return reply
      .code(result.statusCode)
      .headers(pageHeaders)
      .headers(result.headers)
      .header('content-type', download.contentType ?? 'application/octet-stream')
      .header('content-disposition', downloadDisposition(download.fileName, download.contentType))
      .header('cache-control', `private, max-age=${download.remainingSeconds}`)
      .send(result.stream);
  });
}
