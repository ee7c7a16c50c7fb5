/**
 * document.cookie read and write. Values are URI-encoded so that JSON (and
 * Japanese names inside it) survive the cookie syntax.
 */
export interface CookieOptions {
  path?: string;
  maxAgeSeconds?: number;
  secure?: boolean;
  sameSite?: 'Strict' | 'Lax' | 'None';
}

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (!entry.startsWith(prefix)) continue;
    try {
      return decodeURIComponent(entry.slice(prefix.length));
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function writeCookie(name: string, value: string, options: CookieOptions = {}): void {
  const attributes = [`${name}=${encodeURIComponent(value)}`, `path=${options.path ?? '/'}`];
  if (options.maxAgeSeconds !== undefined) attributes.push(`max-age=${options.maxAgeSeconds}`);
  if (options.sameSite) attributes.push(`samesite=${options.sameSite}`);
  if (options.secure) attributes.push('secure');
  document.cookie = attributes.join('; ');
}

export function deleteCookie(name: string, path = '/'): void {
  document.cookie = `${name}=; path=${path}; max-age=0`;
}
