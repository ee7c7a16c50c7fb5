/**
 * How the built web app's files are routed (decision 060):
 * - Vite's hashed files under `assets/` through one route, `/assets/*`, not ~120 routes built at
 *   every start: the folder holds nothing but what the build wrote;
 * - the few files beside index.html one route each, listed once at start with one synchronous
 *   read of the folder tree (@fastify/static's own listing was an asynchronous glob, one `lstat`
 *   per file through the thread pool, while the start waited). Like that listing, it leaves out
 *   dotfiles (Vite's `.vite/manifest.json`) and the brotli and gzip copies, which are found
 *   beside the file they compress.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

const COMPRESSED_COPY = /\.(br|gz)$/;

/** The folder of the hashed files, routed as one. */
export const ASSETS = 'assets';

/**
 * A file name of that folder (`index-Ab12Cd34.js`), as the build writes them: one level, no
 * leading dot. Anything else under /assets/ (`..%2f…`, a dotfile) is answered as an unknown page,
 * without reaching the disk.
 */
export const isAssetName = (name: string) => /^[^./\\][^/\\]*$/.test(name);

/** The other files under `webDist`, as URL paths relative to it (`start-after-paint.js`). */
export function webFiles(webDist: string): string[] {
  return readdirSync(webDist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !COMPRESSED_COPY.test(entry.name))
    .map((entry) => path.relative(webDist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.startsWith(`${ASSETS}/`) && !file.split('/').some((segment) => segment.startsWith('.')));
}
