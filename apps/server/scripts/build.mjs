// `npm run build -w @logi/server`: the API server as JavaScript in dist/ (decision 060).
// esbuild bundles our own code — src/ and the workspace contract, which ships as TypeScript —
// into dist/main.js; packages from node_modules stay imports that Node resolves at run time,
// so native addons (argon2), PGlite's WASM and the postal data load from their packages as
// they do under tsx. Lazily imported modules (S3 storage, the PostgreSQL driver) become chunks
// of their own, so that their packages load only when configured.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(serverDir, 'dist');

/**
 * Bundled besides the workspace's own packages (TypeScript source): drizzle-orm, pure
 * JavaScript in a few hundred small ES modules whose one-by-one loading cost ~300 ms of every
 * start (decision 060). Only our code imports it, so the bundle holds its one copy.
 */
const BUNDLED = ['@logi/', 'drizzle-orm'];
const isBundled = (specifier) =>
  BUNDLED.some((name) => specifier === name || specifier.startsWith(name.endsWith('/') ? name : `${name}/`));

/** Every other bare import stays external. */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      isBundled(args.path) || path.isAbsolute(args.path) ? undefined : { path: args.path, external: true },
    );
  },
};

/** Compiles `entryPoints` into `outdir` (emptied first), as the production server is compiled. */
async function compile(entryPoints, outdir) {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: serverDir,
    entryPoints,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    sourcemap: 'linked',
    // Stack traces and logs name our functions as written.
    keepNames: true,
    plugins: [externalPackages],
    logLevel: 'warning',
    chunkNames: 'chunks/[name]-[hash]',
  });
}

// `--bench`: the benchmark's servers (the API with its in-memory baseline route, and a bare
// Fastify) into dist-bench/, compiled exactly like the product so that `npm run bench` measures
// the production build (issue 15).
const bench = process.argv.includes('--bench');
const target = bench ? path.join(serverDir, 'dist-bench') : outdir;
const started = performance.now();
await compile(
  bench
    ? { 'app-server': 'bench/servers/app-server.ts', 'bare-server': 'bench/servers/bare-server.ts' }
    : { main: 'src/main.ts' },
  target,
);
console.warn(`server built into ${path.relative(process.cwd(), target) || '.'} in ${Math.round(performance.now() - started)} ms`);
