/**
 * The built web app's files, one route each (decision 060). Listed once at start with one
 * synchronous read of the folder tree: @fastify/static's own listing (`wildcard: false`) walked it
 * with an asynchronous glob, one `lstat` per file through the thread pool, while the start waited.
 * Like that listing, it leaves out dotfiles (Vite's `.vite/manifest.json`) and the brotli and gzip
 * copies, which are found beside the file they compress.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

const COMPRESSED_COPY = /\.(br|gz)$/;

/** The files under `webDist`, as URL paths relative to it (`assets/index-….js`). */
export function webFiles(webDist: string): string[] {
  return readdirSync(webDist, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !COMPRESSED_COPY.test(entry.name))
    .map((entry) => path.relative(webDist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !file.split('/').some((segment) => segment.startsWith('.')));
}
