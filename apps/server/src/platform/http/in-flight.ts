/**
 * The route handlers still running, so that shutdown ends the database pool, Redis and the rest
 * only after the last of them (issue 47 item 5). Fastify's close waits for the connections to
 * end, not for the handlers: a client that went away mid-request has no connection left, so its
 * handler ran on while the pool was ended under it ("Cannot use a pool after calling end on the
 * pool"). Fastify runs the rest of an aborted request's lifecycle (its hooks and handler) but no
 * onResponse, so the count is kept around the handler itself. What a handler does runs in it:
 * authentication, the service call, waiting for the write's notifications (routes.ts), and a
 * stream's opening queries after it took over its reply.
 */
import type { FastifyInstance } from 'fastify';

export interface InFlight {
  /** Handlers running now. */
  readonly count: number;
  /** Whether close is waiting for them (`drained` was called and some still run). */
  readonly draining: boolean;
  /** Resolves once no handler runs. */
  drained(): Promise<void>;
}

/** Wraps every route handler registered after this call (Fastify's onRoute hook). */
export function trackHandlers(app: FastifyInstance): InFlight {
  let count = 0;
  const waiting: (() => void)[] = [];
  const leave = () => {
    if (--count === 0) for (const resolve of waiting.splice(0)) resolve();
  };

  app.addHook('onRoute', (route) => {
    const handler = route.handler;
    route.handler = function (this: FastifyInstance, request, reply) {
      count++;
      let result: unknown;
      try {
        result = handler.call(this, request, reply);
      } catch (err) {
        leave();
        throw err;
      }
      // A reply is itself thenable (settled when sent): a handler returning it has finished.
      if (result !== reply && typeof (result as PromiseLike<unknown> | undefined)?.then === 'function') {
        (result as PromiseLike<unknown>).then(leave, leave);
      } else {
        leave();
      }
      return result as ReturnType<typeof handler>;
    };
  });

  return {
    get count() {
      return count;
    },
    get draining() {
      return waiting.length > 0;
    },
    drained: () => (count === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiting.push(resolve))),
  };
}
