/**
 * Writes `route-preloads.json` beside the build: for each landing page, the chunks its route
 * loads lazily (and the stylesheets they bring) that the entry chunk does not already import.
 * The API server names them in `<link rel="modulepreload">` tags of the page's index.html, so the
 * browser fetches the route's code alongside the entry chunk instead of after it has run
 * (issue 15, decision 070).
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

export interface LandingRoute {
  /** The URL pattern, segments starting with `:` match any one segment (`/sign-in/:role`). */
  path: string;
  /** The modules its route imports lazily, relative to the web app (`src/features/auth/index.ts`). */
  modules: string[];
}

export interface RoutePreloads {
  routes: { path: string; scripts: string[]; styles: string[] }[];
}

export const ROUTE_PRELOADS_FILE = 'route-preloads.json';

type ChunkMeta = OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

export function routePreloads(landing: LandingRoute[]): Plugin {
  return {
    name: 'logi-route-preloads',
    apply: 'build',
    generateBundle(_options, bundle: OutputBundle) {
      const chunks = Object.values(bundle).filter((c): c is ChunkMeta => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      /** The chunk and every chunk it imports statically, transitively. */
      const closure = (file: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const next of byFile.get(file)?.imports ?? []) closure(next, seen);
        return seen;
      };
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) return;
      const loaded = closure(entry.fileName);
      const chunkOf = (module: string) => {
        const found = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
        if (!found) this.error(`route-preloads: no chunk is made from ${module}`);
        return found;
      };
      const routes = landing.map(({ path, modules }) => {
        const files = new Set<string>();
        for (const module of modules)
          for (const file of closure(chunkOf(module).fileName)) if (!loaded.has(file)) files.add(file);
        const styles = [...files].flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
        return { path, scripts: [...files].map((f) => `/${f}`), styles: [...new Set(styles)].map((f) => `/${f}`) };
      });
      const preloads: RoutePreloads = { routes };
      this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: JSON.stringify(preloads, null, 2) });
    },
  };
}
