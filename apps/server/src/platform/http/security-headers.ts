/**
 * The headers every answer carries (docs/decisions/042-http-errors-and-headers.md), in two sets
 * computed once from the config:
 * - **page**: documents, assets and everything outside the JSON API: helmet's set with a content
 *   security policy built from the configured origins only, HSTS and `upgrade-insecure-requests`
 *   only when the app is served over HTTPS, and `X-Frame-Options: DENY` agreeing with
 *   `frame-ancestors 'none'`;
 * - **api**: the JSON answers under /api/v1/: the headers of that set that act on a JSON answer
 *   (HSTS, nosniff, frame denial, the resource and referrer policies), a policy that allows
 *   nothing (`default-src 'none'`: an answer opened as a page runs and loads nothing), and
 *   `no-store`. The rest of the page set governs documents only (opener, agent cluster, DNS
 *   prefetch, IE's download and XSS switches, Flash's cross-domain policy): on each of the
 *   API's answers it was half a kilobyte of nothing, and a tenth of the server's throughput
 *   (issue 15, decision 068).
 * The hook of every route and the paths that bypass the hooks (router and HTTP parser errors,
 * platform/errors) send the very same sets.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import { API_PREFIX } from '@logi/contract';
import type { Config } from '../../config';

export type HeaderSet = Readonly<Record<string, string>>;

export interface SecurityHeaders {
  page: HeaderSet;
  /** The set for a request's URL: the API's under /api/v1/ (not its HTML docs at /api/docs). */
  for(url: string): HeaderSet;
}

/** Of the page set, what acts on an answer that is not a document. */
const API_KEEPS = [
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'cross-origin-resource-policy',
  'referrer-policy',
  'content-language',
];
const API_ROOT = `${API_PREFIX}/`;

const STRIPE_JS = 'https://js.stripe.com';

function contentSecurityPolicy(config: Config) {
  const { apiOrigin, fileStorageOrigin, chatWsOrigin } = config.csp;
  const files = fileStorageOrigin ? [fileStorageOrigin] : [];
  const optional = (origin: string | undefined) => (origin ? [origin] : []);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", STRIPE_JS],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...files],
    mediaSrc: ["'self'", 'blob:', ...files],
    fontSrc: ["'self'", 'data:'],
    connectSrc: ["'self'", ...optional(apiOrigin), ...files, ...optional(chatWsOrigin), 'https://api.stripe.com'],
    frameSrc: [STRIPE_JS, 'https://hooks.stripe.com'],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'", ...files],
    frameAncestors: ["'none'"],
    // Over plain HTTP (development, a local start) it would break every subresource.
    upgradeInsecureRequests: config.https ? [] : null,
  };
}

/** The header sets, the page's as helmet writes it onto a response. */
export function securityHeaders(config: Config): SecurityHeaders {
  const headers: Record<string, string> = {};
  const collector = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet({
    contentSecurityPolicy: { directives: contentSecurityPolicy(config) },
    strictTransportSecurity: config.https ? { maxAge: 365 * 24 * 3600, includeSubDomains: true } : false,
    xFrameOptions: { action: 'deny' },
  })({} as IncomingMessage, collector as unknown as ServerResponse, () => {});
  // The interface is Japanese only: every answer is in ja whatever the client asked.
  const page: HeaderSet = { ...headers, 'content-language': 'ja' };
  const api: HeaderSet = {
    ...Object.fromEntries(API_KEEPS.filter((name) => name in page).map((name) => [name, page[name]!])),
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    // Answers are personal (sessions, tokens, contact details): no cache keeps them, unless the
    // route says otherwise (the postal lookup, signed file links) in its handler.
    'cache-control': 'no-store',
  };
  return { page, for: (url) => (url.startsWith(API_ROOT) ? api : page) };
}
