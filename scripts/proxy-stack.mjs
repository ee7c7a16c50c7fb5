// The product as it runs at scale (issue 47), for `npm run e2e:proxy`: two API instances on one
// PostgreSQL database and one Redis, behind nginx with the shipped configuration
// (deploy/nginx/logi.conf, only its ports rewritten). Round robin, no sticky sessions.
//
// A small control server beside it (127.0.0.1, E2E_PROXY_PORT + 9) lets a test restart one
// instance: POST /restart/<port> stops it with SIGTERM, waits for its exit, starts it again and
// answers once it is ready. It is a test harness only; nothing of it is in the product.
//
// Needs: nginx (Debian's package), PostgreSQL (E2E_PROXY_PG_URL, default the local server; the
// database e2e_proxy is made afresh) and Redis (E2E_PROXY_REDIS_URL).
import { execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, outputs, rootDir } from './build.mjs';

const PORT = Number(process.env.E2E_PROXY_PORT ?? 3200);
const INSTANCE_PORTS = [PORT + 1, PORT + 2];
const CONTROL_PORT = PORT + 9;
const PG_URL = process.env.E2E_PROXY_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.E2E_PROXY_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DATABASE = 'e2e_proxy';

const scratch = mkdtempSync(path.join(tmpdir(), 'logi-proxy-'));
const log = (s) => console.log(`[proxy-stack] ${s}`);

build(['web', 'server'], { ifStale: true });

execFileSync('psql', [PG_URL + '/postgres', '-qc', `DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`]);
execFileSync('psql', [PG_URL + '/postgres', '-qc', `CREATE DATABASE ${DATABASE}`]);

const instanceEnv = {
  ...process.env,
  NODE_ENV: 'development',
  DATABASE_URL: `${PG_URL}/${DATABASE}`,
  REDIS_URL,
  TRUST_PROXY: 'true',
  APP_URL: `http://localhost:${PORT}`,
  // Shared by both: a token signed by one instance is read by the other, and a file uploaded
  // through one is served by the other.
  JWT_SECRET: randomBytes(48).toString('base64url'),
  DATA_DIR: path.join(scratch, 'data'),
  SEED_DEMO: 'true',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
};

/** @type {Map<number, import('node:child_process').ChildProcess>} */
const instances = new Map();

function startInstance(port) {
  const child = spawn(process.execPath, [path.join(rootDir, outputs.server.output)], {
    cwd: path.join(rootDir, 'apps/server'),
    env: { ...instanceEnv, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  instances.set(port, child);
  return waitReady(port, child);
}

async function waitReady(port, child) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the instance on ${port} exited with ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function stopInstance(port) {
  const child = instances.get(port);
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function nginxConfig() {
  const site = readFileSync(path.join(rootDir, 'deploy/nginx/logi.conf'), 'utf8')
    .replace('127.0.0.1:3001', `127.0.0.1:${INSTANCE_PORTS[0]}`)
    .replace('127.0.0.1:3002', `127.0.0.1:${INSTANCE_PORTS[1]}`)
    .replace('listen 8080;', `listen 127.0.0.1:${PORT};`);
  for (const dir of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(path.join(scratch, dir), { recursive: true });
  const isRoot = process.getuid?.() === 0;
  return `${isRoot ? 'user root;\n' : ''}worker_processes 1;
daemon off;
pid ${scratch}/nginx.pid;
error_log stderr warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${scratch}/body;
  proxy_temp_path ${scratch}/proxy;
  fastcgi_temp_path ${scratch}/fastcgi;
  uwsgi_temp_path ${scratch}/uwsgi;
  scgi_temp_path ${scratch}/scgi;
${site}
}
`;
}

// The first instance seeds the demo data before the second starts.
for (const port of INSTANCE_PORTS) await startInstance(port);
log(`instances ready on ${INSTANCE_PORTS.join(' and ')}`);

const confFile = path.join(scratch, 'nginx.conf');
writeFileSync(confFile, nginxConfig());
const nginx = spawn('nginx', ['-p', scratch, '-c', confFile, '-e', 'stderr'], { stdio: ['ignore', 'inherit', 'inherit'] });
nginx.on('exit', (code) => {
  if (!closing) {
    log(`nginx exited with ${code}`);
    void close(1);
  }
});

const control = http.createServer((req, res) => {
  const port = Number(/^\/restart\/(\d+)$/.exec(req.url ?? '')?.[1]);
  if (req.method !== 'POST' || !INSTANCE_PORTS.includes(port)) {
    res.writeHead(404).end();
    return;
  }
  stopInstance(port)
    .then(() => startInstance(port))
    .then(
      () => res.writeHead(204).end(),
      (err) => res.writeHead(500).end(String(err)),
    );
});
control.listen(CONTROL_PORT, '127.0.0.1');
log(`nginx on ${PORT}, control on ${CONTROL_PORT}`);

let closing = false;
async function close(code) {
  if (closing) return;
  closing = true;
  control.close();
  nginx.kill('SIGQUIT');
  await Promise.all(INSTANCE_PORTS.map(stopInstance));
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void close(0));
