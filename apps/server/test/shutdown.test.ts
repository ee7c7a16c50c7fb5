/**
 * Shutdown (issue 47 item 5): close, as on SIGTERM (server.ts), ends the database only after every
 * route handler has finished, also one whose client went away. Fastify's close waits for the
 * connections; such a handler has none left, and its next query used to meet an ended pool
 * ("Cannot use a pool after calling end on the pool").
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { createTestApp } from './helpers';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('close', () => {
  it('ends the database only after a handler whose client went away has run its query', async () => {
    const entered = deferred();
    const gone = deferred();
    const release = deferred();
    const queried = deferred<string>();
    // A test's own route, added to the real app here only: a handler that holds on between two
    // steps until the test lets it go, then asks the database.
    const t = await createTestApp({}, (app) => {
      app.get('/test/held', { schema: { hide: true } }, async (_request, reply) => {
        reply.raw.once('close', () => gone.resolve());
        entered.resolve();
        await release.promise;
        queried.resolve(
          await app.database.ping().then(
            () => 'answered',
            // drizzle's error names the statement; its cause is the driver's ("Cannot use a pool …").
            (err: unknown) => String((err as Error).cause ?? err),
          ),
        );
        return { done: true };
      });
    });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    const client = http.get({ host: '127.0.0.1', port, path: '/test/held' });
    client.on('error', () => {});
    await entered.promise;
    client.destroy();
    await gone.promise;

    const closing = t.close();
    // Close either finished (the database is ended) or waits for the handler: then let it go on.
    const waiting = vi.waitFor(() => expect(t.app.handlers.draining).toBe(true), { timeout: 120_000, interval: 20 });
    waiting.catch(() => {}); // when close finished first, nothing will wait
    await Promise.race([closing, waiting]);
    release.resolve();
    await closing;
    expect(await queried.promise).toBe('answered');
    expect(t.app.handlers.count).toBe(0);
  });
});
