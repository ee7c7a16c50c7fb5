/** Liveness and readiness for the load balancer and the orchestrator. */
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../../platform/db/database';
import { errorBody } from '../../platform/errors/error-handler';

export function registerHealthRoutes(app: FastifyInstance, database: DatabaseHandle, lifecycle: { closing: boolean }) {
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
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
