/**
 * The processes of `npm run bench` (issue 15): the servers under test, each in a process of its
 * own from the compiled build (dist-bench/, made like dist/ by scripts/build.mjs) with
 * NODE_ENV=production, and wrk (Debian's, written in C) as the load generator in another. The
 * bench script itself only starts them, signs in, and reads the figures.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/free-port';
import { CONNECTIONS, type Row, SECONDS } from './bench-kit';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123456789';

/** Compiles the bench servers (the API with its baseline route, and a bare Fastify). */
export function buildBenchServers() {
  const result = spawnSync(process.execPath, ['scripts/build.mjs', '--bench'], { cwd: serverDir, stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the bench servers did not build');
}

export function hasWrk(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

export const loadAverage = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The servers still running: stopped with the bench when it ends early, so no orphan shares the cores with a later run. */
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => process.exit(130));

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  /** From spawning to the first answer of /readyz. */
  readyMs: number;
  /** Resident memory of the server process now, in MiB. */
  rssMiB(): number;
  stop(): Promise<void>;
}

/** The CPU time a process has used, in clock ticks (user + system, /proc/<pid>/stat). */
export function cpuTicks(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/**
 * The CPU time so far of every process of this machine named `command` (PostgreSQL's backends:
 * `postgres`), in the same ticks; one that ends between the listing and the reading is left out.
 */
export function commandTicks(command: string): number {
  let ticks = 0;
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === command) ticks += cpuTicks(Number(pid));
    } catch {
      // The process ended meanwhile.
    }
  }
  return ticks;
}

/**
 * Resolves once the process has been quiet (under 5 % of a core) for two half-seconds in a row,
 * or after 30 s: work a server does after it answers /readyz (the demo data's writes, the JIT
 * compiling its startup code) is not the load a scenario measures.
 */
export async function settled(pid: number) {
  const TICKS_PER_HALF_SECOND = 50; // USER_HZ is 100 on Linux
  let quiet = 0;
  for (let i = 0; i < 60 && quiet < 2; i++) {
    const before = cpuTicks(pid);
    await new Promise((r) => setTimeout(r, 500));
    quiet = cpuTicks(pid) - before < TICKS_PER_HALF_SECOND * 0.05 ? quiet + 1 : 0;
  }
}

/**
 * Starts `dist-bench/<name>.js` with NODE_ENV=production on a free loopback port and resolves
 * once /readyz answers; its output goes to a log file (printed if it dies).
 */
export async function startServer(name: 'app-server' | 'bare-server', env: Record<string, string> = {}): Promise<ServerProcess> {
  const started = performance.now();
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), `logi-bench-${name}-`));
  const log = path.join(dataDir, 'server.log');
  // --expose-gc only adds the global gc(), for the memory reading after a full collection.
  const child = spawn(`exec node --expose-gc dist-bench/${name}.js > "${log}" 2>&1`, {
    cwd: serverDir,
    shell: true,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      JWT_SECRET: BENCH_JWT_SECRET,
      PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
      PLATFORM_ISSUER_NAME: '物流マーケット運営株式会社',
      PLATFORM_ISSUER_ADDRESS: '東京都千代田区丸の内一丁目1番1号',
      PLATFORM_INVOICE_REGISTRATION_NUMBER: 'T9234567890123',
      AUTH_RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
      SEED_DEMO: 'false',
      ...env,
    },
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const base = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${name} exited (${code}):\n${readFileSync(log, 'utf8').slice(-2000)}`))),
  );
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`${base}/readyz`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  await Promise.race([ready, exited]);
  const readyMs = performance.now() - started;
  await settled(child.pid!);
  return {
    base,
    child,
    readyMs,
    rssMiB: () => {
      const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    async stop() {
      const gone = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await gone;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Load {
  method?: 'GET' | 'POST';
  /** One path, or one per request (rotating). */
  path: string | string[];
  headers?: Record<string, string>;
  /** A POST body per request, from a rotating id; `%s` in it is replaced by the id. */
  body?: { template: string; ids: string[] };
}

const lua = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** The wrk script of a load: method, headers, rotating paths and bodies. */
function scriptOf(load: Load): string {
  const paths = Array.isArray(load.path) ? load.path : [load.path];
  const lines = [
    `wrk.method = ${lua(load.method ?? 'GET')}`,
    ...Object.entries(load.headers ?? {}).map(([k, v]) => `wrk.headers[${lua(k)}] = ${lua(v)}`),
    `local paths = { ${paths.map(lua).join(', ')} }`,
    `local ids = { ${(load.body?.ids ?? []).map(lua).join(', ')} }`,
    `local template = ${lua(load.body?.template ?? '')}`,
    'local i = 0',
    'request = function()',
    '  i = i + 1',
    '  local body = nil',
    '  if #ids > 0 then body = string.gsub(template, "%%s", ids[(i % #ids) + 1]) end',
    '  return wrk.format(nil, paths[(i % #paths) + 1], nil, body)',
    'end',
  ];
  return lines.join('\n');
}

const WARM_UP_SECONDS = 2;
const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };
const ms = (text: string) => {
  const m = /([\d.]+)(us|ms|s|m)$/.exec(text.trim());
  return m ? Number(m[1]) * UNIT_MS[m[2]!]! : Number.NaN;
};

/** Runs wrk (one thread, CONNECTIONS connections, SECONDS after a warm-up unless told) against `base`; the figures of the run. */
export function wrk(name: string, base: string, load: Load, seconds = SECONDS, warmUp = true): Row {
  const dir = mkdtempSync(path.join(tmpdir(), 'logi-wrk-'));
  const script = path.join(dir, 'load.lua');
  writeFileSync(script, scriptOf(load));
  const first = Array.isArray(load.path) ? load.path[0]! : load.path;
  const run = (duration: number) =>
    spawnSync('wrk', ['-t1', `-c${CONNECTIONS}`, `-d${duration}s`, '--timeout', '10s', '--latency', '-s', script, base + first], {
      encoding: 'utf8',
    });
  // A short run first, so that the measured one finds the code compiled and the caches as in service.
  if (warmUp) run(WARM_UP_SECONDS);
  const result = run(seconds);
  rmSync(dir, { recursive: true, force: true });
  if (result.status !== 0) throw new Error(`wrk failed for ${name}: ${result.stderr || result.stdout}`);
  return rowOf(name, result.stdout);
}

/** A wrk run's figures from its `--latency` report. */
function rowOf(name: string, out: string): Row {
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  return {
    name,
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    p50: ms(/^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? ''),
    p99: ms(/^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? ''),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0),
    errors: socket ? socket.slice(1).reduce((n, v) => n + Number(v), 0) : 0,
  };
}

/**
 * Several wrk processes at once against `base`, each with its own Lua script and share of the
 * connections: one mixed load whose kinds of call are measured apart (wrk reports latency per
 * process only).
 */
export async function wrkTogether(
  base: string,
  loads: { name: string; script: string; connections: number }[],
  seconds: number,
): Promise<Row[]> {
  const dir = mkdtempSync(path.join(tmpdir(), 'logi-wrk-'));
  try {
    return await Promise.all(
      loads.map(({ name, script, connections }, i) => {
        const file = path.join(dir, `load-${i}.lua`);
        writeFileSync(file, script);
        return new Promise<Row>((resolve, reject) => {
          const child = spawn('wrk', [
            '-t1',
            `-c${connections}`,
            `-d${seconds}s`,
            '--timeout',
            '10s',
            '--latency',
            '-s',
            file,
            base,
          ]);
          let out = '';
          let err = '';
          child.stdout.on('data', (d: Buffer) => (out += d));
          child.stderr.on('data', (d: Buffer) => (err += d));
          child.once('exit', (code) =>
            code === 0 ? resolve(rowOf(name, out)) : reject(new Error(`wrk failed for ${name}: ${err || out}`)),
          );
        });
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * fetch, once more when the server closed the kept-alive connection it was sent on: between two
 * calls of the bench a minute of load may pass, the server's keep-alive timeout.
 */
export async function benchFetch(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    if ((error as { cause?: { code?: string } }).cause?.code !== 'UND_ERR_SOCKET') throw error;
    return fetch(url, init);
  }
}

/** The CSRF pair every state-changing call needs: the cookie the first answer sets, echoed in the header. */
export async function csrfHeaders(base: string): Promise<Record<string, string>> {
  const first = await benchFetch(`${base}/healthz`);
  const csrf = first.headers
    .getSetCookie()
    .map((c) => /^csrf-token=([^;]+)/.exec(c)?.[1])
    .find(Boolean);
  if (!csrf) throw new Error('no csrf-token cookie');
  return { cookie: `csrf-token=${csrf}`, 'x-csrf-token': csrf };
}

/**
 * Signs in; the headers a signed-in browser sends: the bearer token, and the CSRF cookie it was
 * given (without it every answer would make and set a new one).
 */
export async function signIn(base: string, email: string, password: string, role: string): Promise<Record<string, string>> {
  const csrf = await csrfHeaders(base);
  const res = await benchFetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { ...csrf, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password, role }),
  });
  if (res.status !== 200) throw new Error(`${email} could not sign in: ${res.status} ${await res.text()}`);
  return { authorization: `Bearer ${((await res.json()) as { accessToken: string }).accessToken}`, cookie: csrf.cookie! };
}

/** Fails loudly unless the load answers 2xx once: a scenario that errors measures nothing. */
export async function probe(base: string, load: Load) {
  const first = Array.isArray(load.path) ? load.path[0]! : load.path;
  const body = load.body ? load.body.template.replace('%s', load.body.ids[0]!) : undefined;
  const res = await benchFetch(base + first, { method: load.method ?? 'GET', headers: load.headers, body });
  if (!res.ok) throw new Error(`${load.method ?? 'GET'} ${first}: ${res.status} ${await res.text()}`);
}
