/**
 * CSRF double-submit: every response sets the `csrf-token` cookie when the
 * client has none; every state-changing call under /api must echo it in the
 * `X-CSRF-Token` header. Server-to-server webhooks are exempt.
 *
 * Decided by the matched route's pattern, never by the raw URL: an absolute-form
 * request line (`PATCH http://host/api/v1/…`) reaches the same route (decision 042).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { CSRF_COOKIE, CSRF_HEADER } from '@logi/contract';
import { AppError } from '../errors/app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// The local upload endpoint is authorised by its signed policy alone (like S3's POST),
// carries no cookie authority, and the browser posts to it as it would to S3: no header.
const EXEMPT_PREFIXES = ['/api/v1/webhooks/', '/api/v1/files/local-upload'];

/** Whether a state-changing call to this route pattern must carry the CSRF pair (the OpenAPI document reads it too). */
export function csrfChecked(url: string, methods: readonly string[]): boolean {
  return url.startsWith('/api/') && !methods.every((m) => SAFE_METHODS.has(m)) && !EXEMPT_PREFIXES.some((p) => url.startsWith(p));
}

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The double-submit check: the header must echo the cookie. */
function verify(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  if (SAFE_METHODS.has(request.method)) return done();
  const cookie = request.cookies[CSRF_COOKIE];
  const header = request.headers[CSRF_HEADER];
  done(!cookie || typeof header !== 'string' || !same(cookie, header) ? new AppError('CSRF_INVALID') : undefined);
}

export function registerCsrf(app: FastifyInstance, secure: boolean) {
  const options = { path: '/', sameSite: 'strict', secure, httpOnly: false } as const; // the web app reads it to echo it back
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.cookies[CSRF_COOKIE]) reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), options);
    done();
  });
  // The check is attached when a state-changing API route is registered, first among its hooks:
  // decided by the route's pattern once, and no cost on any other request (issue 15). An unknown
  // route has no hook: the not-found handler answers, and changes nothing.
  app.addHook('onRoute', (route) => {
    if (!csrfChecked(route.url, [route.method].flat())) return;
    route.onRequest = [verify, ...[route.onRequest ?? []].flat()];
  });
}
