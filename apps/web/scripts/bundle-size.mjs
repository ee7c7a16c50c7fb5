// The gzip size of the JavaScript a route loads, read from the Vite manifest:
// the entry chunk, the route's area chunk and every chunk they import statically.
// Sizes in kB (1000 bytes, as Vite prints them) of gzip -9 output.
// Every area but auth also loads the query provider (router.tsx page(): query defaults to true),
// so its chunk (src/lib/query-provider.tsx) is counted for them.
// Usage: node scripts/bundle-size.mjs [area …] [--max=kB] [--dist=folder]   (default area: auth, i.e. /sign-in;
// dist: apps/web/dist, or a build made with `vite build --outDir folder`)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const distArg = args.find((a) => a.startsWith('--dist='))?.slice(7);
const dist = distArg ? path.resolve(distArg) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const max = Number(args.find((a) => a.startsWith('--max='))?.slice(6) ?? NaN);
const areas = args.filter((a) => !a.startsWith('--'));

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
const areaList = areas.length ? areas : ['auth'];
const keys = [
  entryKey,
  ...areaList.map((a) => `src/features/${a}/index.ts`),
  ...(areaList.some((a) => !a.startsWith('auth')) ? ['src/lib/query-provider.tsx'] : []),
];

const seen = new Set();
function collect(key) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`No chunk ${key} in the manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(imported);
}
keys.forEach(collect);

let total = 0;
for (const key of seen) {
  const file = manifest[key].file;
  const gz = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  console.log(`${(gz / 1000).toFixed(1).padStart(7)} kB  ${file}`);
}
console.log(
  `${(total / 1000).toFixed(1).padStart(7)} kB  total gzip (${(total / 1024).toFixed(1)} KiB) for ${areaList.join(', ')}`,
);
if (Number.isFinite(max) && total / 1000 > max) {
  console.error(`Over the budget of ${max} kB`);
  process.exit(1);
}
