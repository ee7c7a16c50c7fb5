/**
 * Registers a handler for an entry of the contract's route table: the entry's
 * schemas validate the input and serialize the output, its access rule is
 * enforced before the handler runs, and auth endpoints get their rate limit.
 * A handler is then only: input → service call → response.
 */
import { API_PREFIX, type RouteDef, hasUnusableCharacter, withoutUnusableCharacters } from '@logi/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySchemaCompiler } from 'fastify/types/schema';
import { type ZodTypeProvider, validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { AppError } from '../errors/app-error';
import type { HeaderSet } from './security-headers';
import { type AuthContext, type Authenticator, bearerToken } from './auth-context';

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface RouteInput<D extends RouteDef> {
  params: Out<D['params']>;
  query: Out<D['query']>;
  body: Out<D['body']>;
  /** The caller; null only on public routes called without a valid token. */
  auth: D['access'] extends 'public' ? AuthContext | null : AuthContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type RouteHandler<D extends RouteDef> = (input: RouteInput<D>) => Promise<z.input<D['response']>>;

export interface RouteOptions {
  authenticate: Authenticator;
  rateLimitPerMinute: number;
  /**
   * Resolves once this instance has heard the database's notifications of the writes committed
   * so far: a write's answer waits for it, so that whatever the caller reads next here reflects it.
   */
  caughtUp(): Promise<void>;
  /** The security headers of a page, for an answer under /api/v1/ that a browser opens as one (a file). */
  pageHeaders: HeaderSet;
}

/**
 * The validator of every route input (params, query, body): its zod schema behind the
 * contract's check of characters, so that no route — also one added later, with any
 * schema — lets a NUL, another control character or a lone surrogate through (decision 041).
 */
export const inputValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const guarded = validatorCompiler({ ...route, schema: withoutUnusableCharacters(route.schema) });
  const validate = validatorCompiler(route);
  // The guard's answer for a clean input is the schema's own: only an input with such a
  // character goes through it, which parses six times slower (issue 15: a request's fixed cost).
  return (data) => (hasUnusableCharacter(data) ? guarded(data) : validate(data));
};

function tagOf(path: string) {
  return path.split('/')[1] ?? 'default';
}

export function addRoute<D extends RouteDef>(app: FastifyInstance, options: RouteOptions, def: D, handler: RouteHandler<D>) {
  const status = def.status ?? 200;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: def.method,
    url: API_PREFIX + def.path,
    schema: {
      summary: def.summary,
      tags: [tagOf(def.path)],
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      response: { [status]: def.response },
    },
    ...(def.bodyLimit ? { bodyLimit: def.bodyLimit } : {}),
    config: def.rateLimited ? { rateLimit: { max: options.rateLimitPerMinute, timeWindow: 60_000 } } : {},
    handler: async (request, reply) => {
      const auth = await resolveAuth(request, def, options.authenticate);
      const result = await handler({
        params: request.params,
        query: request.query,
        body: request.body,
        auth,
        request,
        reply,
      } as RouteInput<D>);
      if (def.method !== 'GET') await options.caughtUp();
      return reply.status(status).send(result);
    },
  });
}

/**
 * An answer the service already encoded as JSON (`encodeJson`, the caches keep it so): Fastify
 * sends bytes as they are, serializing and encoding nothing. Typed as the route's response for
 * addRoute; the bytes are that response serialized.
 */
export function jsonBytes(reply: FastifyReply, bytes: Buffer | Promise<Buffer>): Promise<never> {
  reply.type('application/json; charset=utf-8');
  return Promise.resolve(bytes) as Promise<never>;
}

async function resolveAuth(request: FastifyRequest, def: RouteDef, authenticate: Authenticator): Promise<AuthContext | null> {
  if (def.access === 'public') {
    // Public calls may still use the caller when a valid token is present.
    if (!bearerToken(request)) return null;
    return authenticate(request).catch(() => null);
  }
  const auth = await authenticate(request);
  if (def.access !== 'authenticated' && !def.access.includes(auth.role)) {
    throw new AppError(def.access.length === 1 && def.access[0] === 'ADMIN' ? 'ADMIN_REQUIRED' : 'ROLE_NOT_ALLOWED');
  }
  return auth;
}
