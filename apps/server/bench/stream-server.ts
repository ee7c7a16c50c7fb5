/**
 * The server side of `npm run bench:stream`, in a process of its own so that its
 * memory is measured alone. Builds the real app on the product's embedded default (PGlite in a
 * data directory of its own, removed at the end), or on BENCH_DATABASE_URL; REDIS_URL is
 * honoured. Not in-memory PGlite: its files are JavaScript arrays that grow by an eighth at a time,
 * and every new 16 MB WAL segment, zero-filled page by page, cost the broadcast that opened it
 * 500–600 ms, a cost the product does not have. Writes STREAM_CLIENTS drivers with a
 * session each straight into the database (no argon2: the bench measures streams,
 * not sign-in), listens on a loopback port and answers the parent over IPC.
 * Run with --expose-gc so that memory is read after a full collection.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { v7 as uuidv7 } from 'uuid';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { tokenFamilies, userRoles, users } from '../src/db/schema';
import { collectGarbage } from './bench-kit';

export type ServerMessage =
  | { type: 'ready'; port: number; tokens: string[]; adminToken: string }
  | { type: 'memory'; rss: number; heapUsed: number; external: number; connections: number };
export type ParentMessage = { type: 'memory' } | { type: 'stop' };

const clients = Number(process.env.STREAM_CLIENTS ?? 5000);
const send = (m: ServerMessage) => process.send!(m);

const dataDir = mkdtempSync(path.join(tmpdir(), 'logi-bench-stream-'));
const config = loadConfig({
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  ACCESS_TOKEN_TTL_SECONDS: String(3600),
});
const app = await buildApp(config);
const { db, accessTokens } = app.deps;

type Role = 'DRIVER' | 'ADMIN';
async function accounts(n: number, role: Role, prefix: string): Promise<string[]> {
  const tokens: string[] = [];
  for (let start = 0; start < n; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, n - start) }, (_, i) => ({
      id: uuidv7(),
      email: `${prefix}-${start + i}@bench.example.jp`,
      familyId: uuidv7(),
    }));
    await db.transaction(async (tx) => {
      await tx.insert(users).values(batch.map((u) => ({ id: u.id, email: u.email, name: u.email })));
      await tx.insert(userRoles).values(batch.map((u) => ({ userId: u.id, role, emailVerified: true })));
      await tx.insert(tokenFamilies).values(batch.map((u) => ({ id: u.familyId, userId: u.id, role })));
    });
    for (const u of batch) tokens.push(await accessTokens.sign({ userId: u.id, role, familyId: u.familyId }));
  }
  return tokens;
}

const [adminToken] = await accounts(1, 'ADMIN', 'admin');
const tokens = await accounts(clients, 'DRIVER', 'driver');
await app.listen({ port: 0, host: '127.0.0.1', backlog: 4096 });

process.on('message', (m: ParentMessage) => {
  if (m.type === 'memory') {
    collectGarbage();
    const mem = process.memoryUsage();
    app.server.getConnections((_err, count) =>
      send({ type: 'memory', rss: mem.rss, heapUsed: mem.heapUsed, external: mem.external, connections: count }),
    );
  } else if (m.type === 'stop') {
    void app.close().then(() => {
      rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  }
});
send({ type: 'ready', port: (app.server.address() as AddressInfo).port, tokens, adminToken: adminToken! });
