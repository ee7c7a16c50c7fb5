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
  /**
   * `path` is a URL pattern as in route-preloads.json; `html` goes inside `<div id="root">`;
   * `calls` are the API URLs its first render asks for, with the pattern's parameters as `:name`.
   */
  pages: { path: string; html: string; calls: string[] }[];
}

export const PRERENDERED_FILE = 'prerendered.json';

/** Where the server-side entry is built: `dist-ssr/prerender.js` beside `dist/`, where the API server looks (the contract's SSR_ENTRY). */
const ssrDirOf = (outDir: string) => `${outDir}-ssr`;

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
      // Beside the build, not in it (nothing there is served): the API server also loads it, to
      // paint results and a request's detail with their data per request (decision 074).
      const ssrDir = ssrDirOf(path.resolve(config.root, config.build.outDir));
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        plugins: [react()],
        publicDir: false,
        // Packages whose entry re-exports hundreds of modules are bundled, so only what the app
        // uses is loaded: Node 24 took 1.2 s and 270 MB to import date-fns' whole entry.
        ssr: { noExternal: ['date-fns', '@date-fns/tz', 'lucide-react', 'radix-ui'] },
        build: { ssr: 'src/prerender.tsx', outDir: ssrDir, emptyOutDir: true, minify: false },
      });
      // Its own URL, no cache-busting query: the route chunks import the entry back by that URL,
      // and a second instance of it would be a second query client.
      const entry = pathToFileURL(path.join(ssrDir, 'prerender.js')).href;
      const { prerender: render, PRERENDERED } = (await import(entry)) as typeof PrerenderEntry;
      const pages: PrerenderedPages['pages'] = [];
      for (const pattern of PRERENDERED) {
        const names = pattern.split('/').filter((segment) => segment.startsWith(':'));
        const page = await render(names.reduce((p, name, i) => p.replace(name, `${MARKER}${i}`), pattern));
        if (page === null) this.error(`prerender: ${pattern} redirects a signed-out visitor`);
        if (page.html.includes(MARKER)) this.error(`prerender: ${pattern} shows its parameter, it cannot be rendered once`);
        // A call made with a parameter's value names it, for the server to fill in per request.
        const calls = page.calls.map((call) => names.reduce((c, name, i) => c.replaceAll(`${MARKER}${i}`, name), call));
        pages.push({ path: pattern, html: page.html, calls });
      }
      const file = path.resolve(config.root, config.build.outDir, PRERENDERED_FILE);
      writeFileSync(file, JSON.stringify({ pages } satisfies PrerenderedPages));
    },
  };
}
