/**
 * The server package's folder (apps/server), found from the running file: src/… under tsx and
 * vitest, dist/main.js in the production build (decision 060). Runtime files next to the
 * package — the migrations, the built web app — are resolved from here, not from a file's
 * own depth, which the bundle changes.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function nearestPackageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const serverRoot = nearestPackageDir(path.dirname(fileURLToPath(import.meta.url)));
