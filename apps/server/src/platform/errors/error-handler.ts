/**
 * One error handler: every failure leaves as
 * `{ statusCode, error, message, code, details? }` with a Japanese message.
 * 5xx never reveal their cause to the client (it is logged with the request id).
 */
import type * as Http from 'node:http';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { ERROR_MESSAGES, type ErrorCode, type TErrorResponse } from '@logi/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/pg-errors';
import type { HeaderSet, SecurityHeaders } from '../http/security-headers';
import { AppError, ERROR_STATUS, type FieldError } from './app-error';

// Required, not imported: an ES import of node:http reads each of its exports, and its lazy
// WebSocket ones load Node's whole fetch client (undici) on every start, 20–70 ms (issue 15).
const { STATUS_CODES } = createRequire(import.meta.url)('node:http') as typeof Http;

export function errorBody(code: ErrorCode, details?: FieldError[], statusCode = ERROR_STATUS[code]): TErrorResponse {
  return {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message: ERROR_MESSAGES[code],
    code,
    ...(details?.length ? { details } : {}),
  };
}

/** Fastify's own error codes that are the client's fault. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'INVALID_JSON',
};

/** /api, /api/… and /api?… never fall back to the web page. */
const API_PATH = /^\/api(?:[/?]|$)/;

/**
 * `sendPage` (given when the web app is built) answers a GET or HEAD outside /api that
 * matches no route with the SPA: its history fallback. Fastify allows one
 * not-found handler per prefix, so the page and the JSON 404 are decided here.
 */
export function registerErrorHandler(
  app: FastifyInstance,
  sendPage?: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | Promise<FastifyReply>,
) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    // Always JSON: a route that serializes its own answer (trustedShape) left the type to itself,
    // and Fastify drops a route's content type when it hands an error over (issue 50).
    reply.type('application/json; charset=utf-8');
    if (err instanceof AppError) {
      return reply.status(err.statusCode).send(errorBody(err.code, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: [err.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? ERROR_MESSAGES.VALIDATION_FAILED,
      }));
      return reply.status(400).send(errorBody('VALIDATION_FAILED', details));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError) {
      return reply.status(400).send(errorBody('INVALID_JSON'));
    }
    const mapped = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (mapped) return reply.status(ERROR_STATUS[mapped]).send(errorBody(mapped));
    if (err.statusCode === 429) return reply.status(429).send(errorBody('RATE_LIMITED'));
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response does not match its contract schema');
      return reply.status(500).send(errorBody('INTERNAL_ERROR'));
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      request.log.info({ err }, 'client error');
      return reply.status(err.statusCode).send(errorBody('VALIDATION_FAILED', undefined, err.statusCode));
    }
    if (isDatabaseUnavailable(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.status(503).header('retry-after', '5').send(errorBody('SERVICE_UNAVAILABLE'));
    }
    request.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('INTERNAL_ERROR'));
  });

  app.setNotFoundHandler((request, reply) => {
    if (sendPage && (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(request.url))
      return sendPage(request, reply);
    return reply.status(404).send(errorBody('ROUTE_NOT_FOUND'));
  });
}

/** The router's own refusals, made before any route or hook is found; never echo the URL. */
const ROUTER_CODES: Record<string, ErrorCode> = {
  FST_ERR_BAD_URL: 'INVALID_REQUEST',
  FST_ERR_MAX_PARAM_LENGTH: 'URI_TOO_LONG',
};

/**
 * Fastify's `frameworkErrors`: the router answers these before the hooks run, so the
 * shared headers are set here (docs/decisions/042-http-errors-and-headers.md).
 */
export function routerErrorHandler(headers: SecurityHeaders) {
  return (err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const code = ROUTER_CODES[err.code] ?? 'INTERNAL_ERROR';
    if (code === 'INTERNAL_ERROR') request.log.error({ err }, 'router error');
    else request.log.info({ code: err.code }, 'router refused the request');
    void reply
      .headers({ ...headers.for(request.url), 'x-request-id': request.id })
      .status(ERROR_STATUS[code])
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(errorBody(code)));
  };
}

/** Node's HTTP parser errors (`clientError`): no request exists, so the answer is written on the socket. */
export function clientErrorHandler(headers: HeaderSet) {
  return (err: NodeJS.ErrnoException, socket: Socket) => {
    // A reset connection has nobody to answer (as Fastify's default handler).
    if (err.code === 'ECONNRESET' || socket.destroyed) return;
    const code: ErrorCode =
      err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'REQUEST_TIMEOUT'
        : err.code === 'HPE_HEADER_OVERFLOW'
          ? 'HEADERS_TOO_LARGE'
          : 'INVALID_REQUEST';
    const status = ERROR_STATUS[code];
    const body = JSON.stringify(errorBody(code));
    const lines = Object.entries({
      ...headers,
      'content-type': 'application/json; charset=utf-8',
      'content-length': String(Buffer.byteLength(body)),
      connection: 'close',
    }).map(([name, value]) => `${name}: ${value}`);
    if (socket.writable) socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
    socket.destroy(err);
  };
}
