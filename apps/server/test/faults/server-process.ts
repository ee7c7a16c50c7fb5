/**
 * The API as its own Node process (`src/main.ts` under tsx: the code `npm start` runs compiled), so that a
 * fault that would kill the process is seen as one, and shutdown is the real signal path.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../free-port';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CSRF = 'faults-csrf';

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** Set when the test ends the process on purpose. */
  stopping: boolean;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  /** Output so far (pino JSON lines), for a failing assertion's message. */
  output(): string;
  /** A call as the web makes it: JSON, bearer token, CSRF pair. */
  call(method: string, url: string, opts?: { token?: string; body?: unknown }): Promise<Response>;
  login(email: string, role: string, password?: string): Promise<{ token: string; userId: string }>;
  stop(): Promise<void>;
}

export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'logi-faults-')),
      JWT_SECRET: 'faults-secret-faults-secret-faults-secret-0123',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'true',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      ARGON2_MEMORY_KIB: '1024',
      ARGON2_TIME_COST: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;

  // Up when /healthz answers (the demo seed has run before listen).
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited on start (${child.exitCode}):\n${output}`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  const call = (method: string, route: string, opts: { token?: string; body?: unknown } = {}) =>
    fetch(`${url}${route}`, {
      method,
      headers: {
        'x-csrf-token': CSRF,
        cookie: `csrf-token=${CSRF}`,
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });

  const server: ServerProcess = {
    url,
    process: child,
    stopping: false,
    exited,
    output: () => output,
    call,
    async login(email, role, password = 'Demo1234!') {
      const res = await call('POST', '/api/v1/auth/login', { body: { email, password, role } });
      if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
      const session = (await res.json()) as { accessToken: string; user: { id: string } };
      return { token: session.accessToken, userId: session.user.id };
    },
    async stop() {
      server.stopping = true;
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
  return server;
}
