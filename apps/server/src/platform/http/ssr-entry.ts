/**
 * The web build's server-side entry, loaded by path (the contract's SSR_ENTRY and SsrEntry): the
 * server's one link to the web app's code, which it may not import. The path is computed, so
 * neither lint nor the bundler follows it; it is named here, in one place, instead.
 * Loaded at most once and lazily (decision 077): the caller starts it once the server listens,
 * so that neither readiness nor the first visitor waits for its ~330 ms.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { SSR_ENTRY, type SsrEntry } from '@logi/contract';

/** `<web dist>-ssr/prerender.js`, beside the web build (apps/web/build/prerender.ts writes it). */
export const ssrEntryFile = (webDist: string) => path.join(`${path.resolve(webDist)}${SSR_ENTRY.dirSuffix}`, SSR_ENTRY.file);

/**
 * A loader of the entry: the first call imports it, every call gets that one import. Null when
 * the file is missing (a build without it) or fails to load (told to `onError`): the pages then
 * go as the build painted them.
 */
export function ssrEntryLoader(webDist: string, onError: (error: unknown) => void): () => Promise<SsrEntry | null> {
  const file = ssrEntryFile(webDist);
  let entry: Promise<SsrEntry | null> | undefined;
  return () =>
    (entry ??= existsSync(file)
      ? (import(pathToFileURL(file).href) as Promise<SsrEntry>).catch((error: unknown) => {
          onError(error);
          return null;
        })
      : Promise.resolve(null));
}
