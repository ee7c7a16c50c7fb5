// `npm run dev`: the API in watch mode and Vite with hot reload, side by side.
// Each line of output is prefixed with its source; Ctrl+C (or either process
// ending) stops both.
import { spawn } from 'node:child_process';
import readline from 'node:readline';

const npm = 'npm';
const processes = [
  { name: 'server', color: 36, args: ['run', 'dev', '-w', '@logi/server'] },
  { name: 'web   ', color: 35, args: ['run', 'dev', '-w', '@logi/web'] },
];

let stopping = false;
const children = processes.map(({ name, color, args }) => {
  // Own process group, so that stopping reaches npm's grandchildren (tsx, vite) too.
  const child = spawn(npm, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true, env: process.env });
  const prefix = `\x1b[${color}m[${name}]\x1b[0m `;
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    readline.createInterface({ input: stream }).on('line', (line) => out.write(prefix + line + '\n'));
  }
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${prefix}exited (${signal ?? code}); stopping the other process`);
      stop(code ?? 1);
    }
  });
  return child;
});

function signalAll(signal) {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  }
}

function stop(exitCode) {
  if (stopping) return;
  stopping = true;
  signalAll('SIGTERM');
  // Whoever ignores SIGTERM (the server waits for in-flight requests) gets SIGKILL later.
  const force = setTimeout(() => signalAll('SIGKILL'), 12_000);
  force.unref();
  Promise.all(
    children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r)))),
  ).then(() => process.exit(exitCode));
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
