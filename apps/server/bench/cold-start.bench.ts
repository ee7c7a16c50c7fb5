/**
 * `npm run bench:start`: how long a new server process takes to answer /readyz on the embedded
 * database (PGlite), from the production build (issue 15 item 1, decision 060). The bar: the
 * median restart under 1.5 s. Rows:
 * - the compiled server (`node apps/server/dist/main.js`, NODE_ENV=production) on a new data
 *   directory: the database is created and migrated;
 * - the same on an existing data directory: a restart, what every deploy does;
 * - `npm start` with the development defaults on a seeded data directory: npm, the build check
 *   and the compile cache included.
 * Each start is its own process, timed from spawn to the first 200 of /readyz; the load average
 * is printed with the figures, since the machine is shared. Beside the restart, in the same rounds,
 * what of it is not the server's own code, as the floor has bare Fastify (no bar): Node starting
 * alone, and PGlite alone opening the same data directory and answering its first query. A machine
 * where system calls and page faults are dear (a nested virtual machine) slows those two as much as
 * the server: the difference is the server's own start.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGLITE_START_PARAMS } from '../src/platform/db/database';
import { exitAfter, printTable } from './bench-kit';
import { freePort } from '../test/free-port';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const BAR_MS = 1500;
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const rootDir = path.resolve(serverDir, '../..');

exitAfter(60 * (3 * RUNS + 2));

const production = {
  NODE_ENV: 'production',
  JWT_SECRET: 'bench-secret-bench-secret-bench-secret-0123456789',
  PAYMENTS_SANDBOX_IN_PRODUCTION: 'true',
  PLATFORM_ISSUER_NAME: '物流マーケット運営株式会社',
  PLATFORM_ISSUER_ADDRESS: '東京都千代田区丸の内一丁目1番1号',
  PLATFORM_INVOICE_REGISTRATION_NUMBER: 'T9234567890123',
};

/** Stops the process group (npm's children too) and waits for it. */
async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

/** Milliseconds from spawning the command to its first ready answer. */
async function timeToReady(command: string[], env: Record<string, string>, cwd: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited: ${code}`))),
  );
  const ready = (async () => {
    for (;;) {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  })();
  try {
    return await Promise.race([ready, exited]);
  } finally {
    await stop(child);
  }
}

/** Milliseconds from spawning the command to its first output (it writes once it is ready). */
async function timeToOutput(command: string[], env: Record<string, string>, cwd: string): Promise<number> {
  const started = performance.now();
  const child = spawn(command[0]!, command.slice(1), {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const ms = await new Promise<number>((resolve, reject) => {
    child.stdout.once('data', () => resolve(performance.now() - started));
    child.once('exit', (code) => reject(new Error(`${command.join(' ')} exited without output: ${code}`)));
  });
  await new Promise((r) => child.once('exit', r));
  return ms;
}

/** Node starting alone, and PGlite alone on the data directory given as PGLITE_DIR (run from the server's folder). */
const NODE_ALONE = [process.execPath, '-e', "process.stdout.write('ready')"];
const PGLITE_ALONE = [
  process.execPath,
  '--input-type=module',
  '-e',
  `const { PGlite } = await import('@electric-sql/pglite');
   const db = new PGlite(process.env.PGLITE_DIR, { startParams: JSON.parse(process.env.PGLITE_START_PARAMS) });
   await db.query('select 1');
   process.stdout.write('ready');
   await db.close();`,
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function main() {
  // The figures are about the production build: make sure it is the current one.
  const { build } = (await import(path.join(rootDir, 'scripts/build.mjs'))) as {
    build: (names: string[], options: { ifStale: boolean }) => void;
  };
  build(['web', 'server'], { ifStale: true });

  const compiled = [process.execPath, path.join(serverDir, 'dist/main.js')];
  const scratch = mkdtempSync(path.join(tmpdir(), 'logi-cold-start-'));
  const loadBefore = load();
  const rows: { name: string; times: number[]; bar?: number }[] = [];
  const restart = { name: 'compiled server, restart', times: [] as number[], bar: BAR_MS };
  const nodeAlone = { name: '  beside it: Node alone', times: [] as number[] };
  const pgliteAlone = { name: '  beside it: Node and PGlite alone, same data', times: [] as number[] };
  try {
    const fresh: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      fresh.push(await timeToReady(compiled, { ...production, DATA_DIR: path.join(scratch, `new-${i}`) }, serverDir));
    }
    rows.push({ name: 'compiled server, new data directory', times: fresh });

    const existing = { ...production, DATA_DIR: path.join(scratch, 'new-0') };
    const pgliteEnv = {
      PGLITE_DIR: path.join(existing.DATA_DIR, 'pglite'),
      PGLITE_START_PARAMS: JSON.stringify(PGLITE_START_PARAMS),
    };
    // In rounds: each restart beside the starts it is read against.
    for (let i = 0; i < RUNS; i++) {
      restart.times.push(await timeToReady(compiled, existing, serverDir));
      nodeAlone.times.push(await timeToOutput(NODE_ALONE, {}, serverDir));
      pgliteAlone.times.push(await timeToOutput(PGLITE_ALONE, pgliteEnv, serverDir));
    }
    rows.push(restart, nodeAlone, pgliteAlone);

    const demo = { DATA_DIR: path.join(scratch, 'demo') };
    await timeToReady(['npm', 'start'], demo, rootDir); // creates and seeds the demo database
    rows.push({ name: 'npm start (development, demo data), restart', times: [] });
    for (let i = 0; i < RUNS; i++) rows.at(-1)!.times.push(await timeToReady(['npm', 'start'], demo, rootDir));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }

  console.log(`\nCold start to /readyz on the embedded database (PGlite), ${RUNS} runs each, Node ${process.version}`);
  printTable(
    ['start', 'median ms', 'min ms', 'max ms', 'bar'],
    rows.map(({ name, times, bar }) => [
      name,
      median(times).toFixed(0),
      Math.min(...times).toFixed(0),
      Math.max(...times).toFixed(0),
      bar === undefined ? '' : `${median(times) < bar ? 'PASS' : 'MISSED'} < ${bar}`,
    ]),
  );
  const ownStart = median(restart.times) - median(pgliteAlone.times);
  console.log(`\nthe server's own start (restart less Node and PGlite alone, medians): ${ownStart.toFixed(0)} ms`);
  console.log(`load average (1, 5, 15 min): before ${loadBefore}, after ${load()}`);
}

await main();
