// temporary (H10): the app on a fixed port against the bench database, for CPU measurement
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
const config = loadConfig({
  NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'h10-')),
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/bench',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789', SEED_DEMO: 'false',
  MARKET_CACHE_SECONDS: process.env.MARKET_CACHE_SECONDS ?? '0',
});
const app = await buildApp(config);
await app.listen({ port: Number(process.env.PORT ?? 4710), host: '127.0.0.1' });
console.log('ready', process.pid);
process.on('SIGTERM', async () => { await app.close(); process.exit(0); });
