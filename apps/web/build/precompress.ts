/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text asset of the build, once,
 * at their strongest settings: the API server sends the copy the browser accepts
 * (`@fastify/static` `preCompressed`), so no request pays for compression (decision 054).
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|webmanifest)$/;
/** Below this a compressed copy saves less than a TCP packet. */
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      // Vite's manifest is read by tools, never served.
      if (entry.name !== '.vite') yield* filesUnder(full);
    } else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'logi-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const writes: Promise<void>[] = [];
      for await (const file of filesUnder(outDir)) {
        const content = await readFile(file);
        if (content.length < MIN_BYTES) continue;
        writes.push(
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }).then((out) => writeFile(`${file}.br`, out)),
          gz(content, { level: 9 }).then((out) => writeFile(`${file}.gz`, out)),
        );
      }
      await Promise.all(writes);
    },
  };
}
