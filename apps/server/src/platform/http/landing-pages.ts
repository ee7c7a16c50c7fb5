/**
 * The page a visitor lands on names its route's code (decision 070): the build lists, per landing
 * URL pattern, the chunks its route loads lazily (`route-preloads.json`, apps/web/build); this
 * serves index.html with a `<link rel="modulepreload">` for each, so the browser fetches them
 * beside the entry chunk instead of after it has run. Built once at start; without the list
 * (an older build) every page is the plain index.html.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

interface RoutePreloads {
  routes: { path: string; scripts: string[]; styles: string[] }[];
}

const attribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** `pattern`'s segments against the path's: `:name` matches any one non-empty segment. */
function matches(pattern: string[], segments: string[]): boolean {
  return (
    pattern.length === segments.length && pattern.every((p, i) => (p.startsWith(':') ? segments[i] !== '' : p === segments[i]))
  );
}

/** The landing HTML for a path (without its query), or undefined for the plain index.html. */
export function createLandingPages(webDist: string): (pathname: string) => string | undefined {
  const list = path.join(webDist, 'route-preloads.json');
  if (!existsSync(list)) return () => undefined;
  const index = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const pages = (JSON.parse(readFileSync(list, 'utf8')) as RoutePreloads).routes.map((route) => {
    const links = [
      ...route.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`),
      ...route.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${attribute(href)}">`),
    ].join('');
    return { pattern: route.path.split('/'), html: index.replace('</head>', `${links}</head>`) };
  });
  return (pathname) => {
    const segments = pathname.split('/');
    return pages.find((page) => matches(page.pattern, segments))?.html;
  };
}
