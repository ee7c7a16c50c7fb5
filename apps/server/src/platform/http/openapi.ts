/**
 * The OpenAPI document says what the wire answers (decisions 044 and 088). Every route whose
 * method and path are in the contract's route table — also those registered by hand (the
 * download redirect, the stream, the embedded storage, the webhook) and groups added later —
 * gets its route table key as a stable operationId (`auth.login`), its security requirement,
 * and, when the document is built, its true answers: the success status with its media type
 * (JSON, a PDF, a stored file, a stream, a redirect, no content) and every error status with
 * the codes it can carry — those that follow from the entry, and the entry's own `errors`.
 */
import * as contract from '@logi/contract';
import { API_PREFIX, ERROR_MESSAGES, type ErrorCode, type RouteDef, ZErrorResponse } from '@logi/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ERROR_STATUS } from '../errors/app-error';
import { csrfChecked } from './csrf';

const isRoute = (v: unknown): v is RouteDef =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v && 'access' in v;

export interface RouteEntry {
  operationId: string;
  def: RouteDef;
}

/** `GET /api/v1/auth/session` → ['auth.session', entry], over every `…Routes` group the contract exports. */
export function routeTableIndex(): Map<string, RouteEntry> {
  const index = new Map<string, RouteEntry>();
  for (const [group, entries] of Object.entries(contract)) {
    if (!group.endsWith('Routes') || typeof entries !== 'object' || entries === null) continue;
    for (const [key, def] of Object.entries(entries)) {
      if (isRoute(def)) index.set(`${def.method} ${API_PREFIX}${def.path}`, { operationId: `${group.slice(0, -6)}.${key}`, def });
    }
  }
  return index;
}

/**
 * The codes any call answers from its entry alone: an unreadable request, invalid input, the
 * sign-in and role check, CSRF on a change, the body parser's refusals, the rate limit, and the
 * server's own failures. The route's services add theirs in the entry's `errors`.
 */
export function entryErrorCodes(def: RouteDef): ErrorCode[] {
  const codes: ErrorCode[] = ['INVALID_REQUEST', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'];
  if (def.params || def.query || def.body) codes.push('VALIDATION_FAILED');
  if (def.path.includes(':')) codes.push('URI_TOO_LONG');
  if (def.method !== 'GET') codes.push('INVALID_JSON', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE');
  if (csrfChecked(API_PREFIX + def.path, [def.method])) codes.push('CSRF_INVALID');
  if (def.access !== 'public') codes.push('UNAUTHENTICATED', 'ACCESS_TOKEN_INVALID', 'ACCESS_TOKEN_EXPIRED', 'ACCOUNT_SUSPENDED');
  if (Array.isArray(def.access))
    codes.push(def.access.length === 1 && def.access[0] === 'ADMIN' ? 'ADMIN_REQUIRED' : 'ROLE_NOT_ALLOWED');
  if (def.rateLimited) codes.push('RATE_LIMITED');
  return codes;
}

/** Every code a call can answer, by status. */
export function errorCodesByStatus(def: RouteDef): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...entryErrorCodes(def), ...(def.errors ?? [])])) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return new Map([...byStatus].sort(([a], [b]) => a - b));
}

export function registerOpenApiConventions(app: FastifyInstance) {
  const index = routeTableIndex();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const entry = methods.map((m) => index.get(`${m} ${route.url}`)).find(Boolean);
    if (!entry || route.schema?.hide) return;
    route.schema = {
      ...route.schema,
      operationId: entry.operationId,
      security: entry.def.access === 'public' ? [] : [{ bearerAuth: [] }],
    };
  });
}

type Json = Record<string, unknown>;
interface Operation {
  operationId?: string;
  requestBody?: Json;
  responses: Record<string, Json>;
}

const JSON_TYPE = 'application/json';
const binary = { schema: { type: 'string', format: 'binary' } };
/**
 * OpenAPI 3.0 reads `nullable` as "null is allowed" only where an `enum` lists null as well
 * (3.0.3's clarification, which validators follow); zod writes a nullable enum without it.
 */
function listNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(listNullInNullableEnums);
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum.push(null);
  Object.values(schema).forEach(listNullInNullableEnums);
}

const toSchema = (schema: z.ZodType, io: 'input' | 'output') => z.toJSONSchema(schema, { target: 'openapi-3.0', io }) as Json;

function errorResponse(status: number, codes: ErrorCode[], shape: Json): Json {
  const properties = shape.properties as Json;
  return {
    description: codes.map((code) => `\`${code}\`: ${ERROR_MESSAGES[code]}`).join('\n\n'),
    content: {
      [JSON_TYPE]: {
        schema: {
          ...shape,
          properties: { ...properties, statusCode: { type: 'integer', enum: [status] }, code: { type: 'string', enum: codes } },
        },
      },
    },
  };
}

function successResponses(def: RouteDef, generated: Json | undefined): Record<string, Json> {
  const status = def.status ?? 200;
  const description = def.summary;
  if (status === 302) {
    const location = { required: true, description: '署名付きURL', schema: { type: 'string', format: 'uri-reference' } };
    return { 302: { description, headers: { Location: location } } };
  }
  if (status === 204) return { 204: { description } };
  // A JSON answer: swagger's, from the route's response schema; a route registered by hand
  // without one (the webhook) from its entry.
  if (!def.produces) {
    if (generated?.content) return { [status]: generated };
    return { [status]: { description, content: { [JSON_TYPE]: { schema: toSchema(def.response, 'output') } } } };
  }
  const content = Object.fromEntries(def.produces.map((type) => [type, binary]));
  return {
    [status]: { description, content },
    ...(def.ranges && {
      206: { description: '指定された範囲（Range）', content },
      304: { description: '変更なし（If-None-Match / If-Modified-Since）' },
    }),
  };
}

/**
 * `transformObject` of @fastify/swagger: each contract operation's responses (and a non-JSON
 * request body) as the wire has them. Built once, when the document is first asked for.
 */
export function completeDocument({ openapiObject }: { openapiObject: Partial<{ paths: Json }> }) {
  const index = routeTableIndex();
  const errorShape = toSchema(ZErrorResponse, 'output');
  for (const [path, operations] of Object.entries(openapiObject.paths ?? {})) {
    for (const [method, operation] of Object.entries(operations as Record<string, Operation>)) {
      const entry = index.get(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      if (!entry) continue;
      const { def } = entry;
      const responses = successResponses(def, operation.responses[String(def.status ?? 200)]);
      for (const [status, codes] of errorCodesByStatus(def)) responses[status] = errorResponse(status, codes, errorShape);
      operation.responses = responses;
      if (def.consumes && def.body) {
        operation.requestBody = { required: true, content: { [def.consumes]: { schema: toSchema(def.body, 'input') } } };
      }
    }
  }
  listNullInNullableEnums(openapiObject);
  return openapiObject;
}
