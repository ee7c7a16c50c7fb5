/**
 * What every operation of the OpenAPI document carries (docs/decisions/044-openapi-document.md):
 * its route table key as a stable operationId (`auth.login`), its security requirement (none
 * on public calls) and the error responses that follow from its entry. Applied by an onRoute
 * hook to every route whose method and path are in the contract's route table, also those
 * registered by hand (the download redirect, the stream) and the groups others add later.
 */
import * as contract from '@logi/contract';
import { API_PREFIX, type RouteDef, ZErrorResponse } from '@logi/contract';
import type { FastifyInstance } from 'fastify';

const isRoute = (v: unknown): v is RouteDef =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v && 'access' in v;

/** `GET /api/v1/auth/session` → ['auth.session', entry], over every `…Routes` group the contract exports. */
export function routeTableIndex(): Map<string, { operationId: string; def: RouteDef }> {
  const index = new Map<string, { operationId: string; def: RouteDef }>();
  for (const [group, entries] of Object.entries(contract)) {
    if (!group.endsWith('Routes') || typeof entries !== 'object' || entries === null) continue;
    for (const [key, def] of Object.entries(entries)) {
      if (isRoute(def)) index.set(`${def.method} ${API_PREFIX}${def.path}`, { operationId: `${group.slice(0, -6)}.${key}`, def });
    }
  }
  return index;
}

/** The error statuses an entry implies, with those spec §8 adds (`errors`). */
export function errorStatuses(def: RouteDef): number[] {
  // 400: invalid input, or a request the router cannot read (INVALID_REQUEST), which any call may get.
  const statuses = new Set<number>([400, ...(def.errors ?? [])]);
  const hasPathId = def.path.includes(':');
  if (def.access !== 'public') statuses.add(401);
  if (def.method !== 'GET') statuses.add(403); // CSRF
  if (hasPathId) statuses.add(404);
  if (def.rateLimited) statuses.add(429);
  return [...statuses].sort();
}

export function registerOpenApiConventions(app: FastifyInstance) {
  const index = routeTableIndex();
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const entry = methods.map((m) => index.get(`${m} ${route.url}`)).find(Boolean);
    if (!entry || route.schema?.hide) return;
    const errors = Object.fromEntries(errorStatuses(entry.def).map((s) => [s, ZErrorResponse]));
    route.schema = {
      ...route.schema,
      operationId: entry.operationId,
      security: entry.def.access === 'public' ? [] : [{ bearerAuth: [] }],
      response: { ...errors, ...(route.schema?.response as object | undefined) },
    };
  });
}
