/**
 * The one link from the API server to the web app's code: the web build's server-side entry
 * (apps/web/src/prerender.tsx, built by apps/web/build/prerender.ts into `<web dist>-ssr/prerender.js`),
 * which the server imports by path at run time to paint landing pages with their data
 * (decisions 074 and 075), lazily once it listens (decision 077). The server may not import the
 * web app, so both sides take the place and the shape from here: the web entry is checked
 * against SsrEntry, the server loads it as one.
 */

/** Where the entry is built: `<dir>` beside the web build `<web dist>`, as `<web dist><dirSuffix>/<file>`. */
export const SSR_ENTRY = { dirSuffix: '-ssr', file: 'prerender.js' } as const;

/**
 * How the server answers a call while the entry paints a page: the body of a GET of this API URL
 * (path and query) sent with `authorization` (a signed-in visitor's token) or as an anonymous
 * caller, or undefined unless it answers 200.
 */
export type SsrAnswerCall = (url: string, authorization: string | undefined) => Promise<string | undefined>;

/** What the entry exports for the server. */
export interface SsrEntry {
  /**
   * The page at `url` (path and query) painted once its calls have answered, as the visitor
   * whose sign-in cookie is `authCookie` sees it (none: signed out): its HTML, and the data the
   * page carries for the browser to hydrate with. Null when the page redirects or a call is not answered.
   */
  prerenderWithData(
    url: string,
    answer: SsrAnswerCall,
    authCookie?: string | null,
  ): Promise<{ html: string; data: unknown } | null>;
}
