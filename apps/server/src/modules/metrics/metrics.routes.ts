/**
 * GET /metrics: Prometheus's scrape (platform/metrics). Beside /healthz and /readyz, outside the
 * API and its OpenAPI document: it is for the operators' Prometheus, not for the product's
 * clients. With METRICS_TOKEN set it wants `Authorization: Bearer <token>` (401 otherwise); without
 * one, production answers 404 as for any unknown path (no figures leak from a forgotten setting)
 * and development answers everyone.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { errorBody } from '../../platform/errors/error-handler';
import { bearerToken } from '../../platform/http/auth-context';
import type { Metrics } from '../../platform/metrics/metrics';

export const METRICS_PATH = '/metrics';

/** Digests compared: equal lengths, so the comparison takes as long for any wrong token. */
const digest = (value: string) => createHash('sha256').update(value).digest();

export function registerMetricsRoutes(app: FastifyInstance, metrics: Metrics, access: { token?: string; open: boolean }) {
  const expected = access.token === undefined ? undefined : digest(access.token);
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    if (expected === undefined && !access.open) return reply.status(404).send(errorBody('ROUTE_NOT_FOUND'));
    if (expected !== undefined) {
      const token = bearerToken(request);
      if (token === undefined || !timingSafeEqual(digest(token), expected)) {
        return reply.status(401).header('www-authenticate', 'Bearer').send(errorBody('UNAUTHENTICATED'));
      }
    }
    const { contentType, body } = await metrics.scrape();
    return reply.type(contentType).header('cache-control', 'no-store').send(body);
  });
}
