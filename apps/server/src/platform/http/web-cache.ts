import path from 'node:path';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

/**
 * Vite names every file under `assets/` by its content hash, so a browser may keep it a year
 * without asking; anything else (index.html, which names the current hashes) is asked for
 * again on each load, so a deploy reaches every user at their next page load.
 */
export function webCacheControl(webDist: string, filePath: string): string {
  const relative = path.relative(webDist, filePath);
  return relative.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE;
}
