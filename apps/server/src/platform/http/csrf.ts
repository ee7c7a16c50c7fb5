/**
 * CSRF double-submit: every response sets the `csrf-token` cookie when the
 * client has none; every state-changing call under /api must echo it in the
 * `X-CSRF-Token` header. Server-to-server webhooks are exempt.
 *
 * Decided by the matched route's pattern, never by the raw URL: an absolute-form
 * request line (`PATCH http://host/api/v1/…`) reaches the same route (decision 042).
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error';

export const CSRF_COOKIE = 'csrf-token';
export const CSRF_HEADER = 'x-csrf-token';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
// The local upload endpoint is authorised by its signed policy alone (like S3's POST),
// carries no cookie authority, and the browser posts to it as it would to S3: no header.
const EXEMPT_PREFIXES = ['/api/v1/webhooks/', '/api/v1/files/local-upload'];

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function registerCsrf(app: FastifyInstance, secure: boolean) {
  app.addHook('onRequest', async (request, reply) => {
    const cookie = request.cookies[CSRF_COOKIE];
    if (!cookie) {
      reply.setCookie(CSRF_COOKIE, randomBytes(24).toString('base64url'), {
        path: '/',
        sameSite: 'strict',
        secure,
        httpOnly: false, // the web app reads it to echo it back
      });
    }
    const route = request.routeOptions.url;
    // No route: the not-found handler answers, and changes nothing.
    if (SAFE_METHODS.has(request.method) || route === undefined || !route.startsWith('/api/')) return;
    if (EXEMPT_PREFIXES.some((p) => route.startsWith(p))) return;
    const header = request.headers[CSRF_HEADER];
    if (!cookie || typeof header !== 'string' || !same(cookie, header)) throw new AppError('CSRF_INVALID');
  });
}
