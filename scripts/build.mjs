// `npm run build`: the web app (apps/web/dist) and the API server as JavaScript
// (apps/server/dist/main.js), decision 060. `--if-stale` builds only an output that is missing
// or older than the newest of its sources, which is what `npm start` asks for; names (web,
// server) pick outputs. Checking costs a few milliseconds of stat calls, so a start with
// everything up to date is not slowed down.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each output, the sources it is made from (folders are walked), and the workspace that builds it. */
export const outputs = {
  web: {
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/build',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
    ],
    workspace: '@logi/web',
  },
  server: {
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/scripts/build.mjs', 'apps/server/package.json'],
    workspace: '@logi/server',
  },
};
// Both are made from the contract's source too, and from the installed packages' versions.
const sharedSources = ['packages/contract/src', 'packages/contract/package.json', 'package-lock.json'];

/** Tests are not part of an output: changing one does not make a build stale. */
const isTest = (name) => /\.test\.tsx?$/.test(name);

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file shows only in its folder's time
  for (const child of readdirSync(entry, { withFileTypes: true })) {
    if (child.isFile() && isTest(child.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(entry, child.name)));
  }
  return newest;
}

/** Why this output must be built, or null when it is up to date. */
export function staleness(name) {
  const { output, sources } = outputs[name];
  const out = path.join(rootDir, output);
  if (!existsSync(out)) return 'missing';
  const builtAt = statSync(out).mtimeMs;
  const newest = Math.max(...[...sources, ...sharedSources].map((s) => newestMtime(path.join(rootDir, s))));
  return newest > builtAt ? 'older than its sources' : null;
}

/** Builds the named outputs (all when none is named); with ifStale, only those that need it. */
export function build(names = Object.keys(outputs), { ifStale = false } = {}) {
  for (const name of names) {
    if (!outputs[name]) throw new Error(`unknown output "${name}" (${Object.keys(outputs).join(', ')})`);
    const reason = ifStale ? staleness(name) : 'asked for';
    if (!reason) continue;
    if (ifStale) console.warn(`building the ${name} (${reason})`);
    const result = spawnSync('npm', ['run', 'build', '-w', outputs[name].workspace], { cwd: rootDir, stdio: 'inherit' });
    if (result.status !== 0) {
      console.error(`the ${name} build failed`);
      process.exit(result.status ?? 1);
    }
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const names = args.filter((a) => !a.startsWith('--'));
  build(names.length > 0 ? names : undefined, { ifStale: args.includes('--if-stale') });
}
