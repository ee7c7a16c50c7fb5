/**
 * The headers every answer carries (docs/decisions/042-http-errors-and-headers.md): helmet's
 * set with a content security policy built from the configured origins only, HSTS and
 * `upgrade-insecure-requests` only when the app is served over HTTPS, and
 * `X-Frame-Options: DENY` agreeing with `frame-ancestors 'none'`. They do not depend on the
 * request, so they are computed once: the hook of every route and the paths that bypass the
 * hooks (router and HTTP parser errors, platform/errors) send the very same set.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../../config';

export type HeaderSet = Readonly<Record<string, string>>;

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

/** The header set, as helmet writes it onto a response. */
export function securityHeaders(config: Config): HeaderSet {
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
  return { ...headers, 'content-language': 'ja' };
}
