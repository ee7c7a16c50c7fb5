/** Random opaque tokens (refresh tokens, e-mail links), stored only as their sha256. */
import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, base64url: 43 characters. */
export const OPAQUE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
