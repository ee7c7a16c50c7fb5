/** A request's logger, made on its first line, still writes that line with the request's id and honours the levels. */
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyChildLoggerFactory } from './lazy-child-logger';

function appWithLines(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const app = Fastify({ logger: { level, stream }, childLoggerFactory: lazyChildLoggerFactory, genReqId: () => 'req-1' });
  app.get('/quiet', async () => ({ ok: true }));
  app.get('/loud', async (request) => {
    request.log.debug('debug line');
    request.log.warn({ orderId: 7 }, 'warn line');
    request.log.child({ step: 'inner' }).error('inner line');
    return { ok: true };
  });
  return { app, lines: () => lines.filter((l) => typeof l.msg === 'string' && l.msg.endsWith('line')) };
}

describe('lazyChildLoggerFactory', () => {
  it('writes each line with the request id and its own fields, below the level nothing', async () => {
    const { app, lines } = appWithLines('info');
    expect((await app.inject('/loud')).statusCode).toBe(200);
    expect(lines()).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-1', orderId: 7, msg: 'warn line' }),
      expect.objectContaining({ level: 50, reqId: 'req-1', step: 'inner', msg: 'inner line' }),
    ]);
    await app.close();
  });

  it('writes the lower levels when the logger is set to them, and nothing for a request that logs nothing', async () => {
    const { app, lines } = appWithLines('debug');
    await app.inject('/quiet');
    expect(lines()).toEqual([]);
    await app.inject('/loud');
    expect(lines().map((l) => l.msg)).toEqual(['debug line', 'warn line', 'inner line']);
    await app.close();
  });
});
