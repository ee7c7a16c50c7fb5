/** Liveness and readiness for the load balancer and the orchestrator. */
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../platform/db/database';
import { errorBody } from '../../platform/errors/error-handler';

export function registerHealthRoutes(
  app: FastifyInstance,
  database: DatabaseHandle,
  lifecycle: { closing: boolean },
  devMailbox: boolean,
) {
  // The answer is constant: built once. `devMailbox` tells the web app whether to link
  // /dev/mailbox (outside production only) without probing a URL that 404s in production.
  const alive = { status: 'ok', devMailbox };
  app.get('/healthz', { schema: { hide: true } }, async () => alive);
  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    if (lifecycle.closing) return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE'));
    try {
      await database.ping();
      return { status: 'ready', database: database.kind };
    } catch {
      return reply.status(503).send(errorBody('SERVICE_UNAVAILABLE'));
    }
  });
}
