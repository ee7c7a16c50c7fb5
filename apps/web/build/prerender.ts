/**
 * Writes `prerendered.json` beside the build (decision 072): the HTML of each landing page as a
 * signed-out visitor's first render shows it, made by the app's own routes and components
 * (`src/prerender.tsx`, built for Node after the browser build). The API server puts it inside
 * `#root`, so a first visit paints the page before any script has arrived (issue 15: LCP on a
 * slow phone connection).
 *
 * A path may name parameters (`/shipping-requests/detail/:id`): it is rendered with a marker in
 * their place, and the build fails when the marker shows in the HTML, since the page would then
 * depend on the value; so does a path that redirects a signed-out visitor.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { type Plugin, type ResolvedConfig, build } from 'vite';
import type * as PrerenderEntry from '../src/prerender';

export interface PrerenderedPages {
  /** `path` is a URL pattern as in route-preloads.json; `html` goes inside `<div id="root">`. */
  pages: { path: string; html: string }[];
}

export const PRERENDERED_FILE = 'prerendered.json';

const MARKER = 'prerender-parameter';

/** Prerenders the pages `src/prerender.tsx` lists. */
export function prerender(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'logi-prerender',
    apply: (userConfig, { command }) => command === 'build' && !userConfig.build?.ssr,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      const ssrDir = path.join(config.root, 'node_modules/.cache/prerender');
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        plugins: [react()],
        build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, minify: false },
      });
      // A fresh URL per build: a watching build must not get the previous module from the cache.
      const entry = `${pathToFileURL(path.join(ssrDir, 'prerender.js')).href}?build=${Date.now()}`;
      const { prerender: render, PRERENDERED } = (await import(entry)) as typeof PrerenderEntry;
      const pages: PrerenderedPages['pages'] = [];
      for (const pattern of PRERENDERED) {
        const html = await render(pattern.replace(/:[^/]+/g, MARKER));
        if (html === null) this.error(`prerender: ${pattern} redirects a signed-out visitor`);
        if (html.includes(MARKER)) this.error(`prerender: ${pattern} shows its parameter, it cannot be rendered once`);
        pages.push({ path: pattern, html });
      }
      const file = path.resolve(config.root, config.build.outDir, PRERENDERED_FILE);
      writeFileSync(file, JSON.stringify({ pages } satisfies PrerenderedPages));
    },
  };
}
