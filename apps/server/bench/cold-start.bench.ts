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
 * is printed with the figures, since the machine is shared.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
  try {
    const fresh: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      fresh.push(await timeToReady(compiled, { ...production, DATA_DIR: path.join(scratch, `new-${i}`) }, serverDir));
    }
    rows.push({ name: 'compiled server, new data directory', times: fresh });

    const existing = { ...production, DATA_DIR: path.join(scratch, 'new-0') };
    rows.push({ name: 'compiled server, restart', times: [], bar: BAR_MS });
    for (let i = 0; i < RUNS; i++) rows.at(-1)!.times.push(await timeToReady(compiled, existing, serverDir));

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
  console.log(`\nload average (1, 5, 15 min): before ${loadBefore}, after ${load()}`);
}

await main();
