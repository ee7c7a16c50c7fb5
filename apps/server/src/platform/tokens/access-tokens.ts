/**
 * Access tokens: HS256 JWTs carrying the user, the role signed in with and the
 * token family (so logout and suspension take effect before expiry).
 */
import { SignJWT, errors, jwtVerify } from 'jose';
import type { TSignInRole } from '@logi/contract';
import { AppError } from '../errors/app-error';

export interface AccessClaims {
  userId: string;
  role: TSignInRole;
  familyId: string;
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** Throws AppError ACCESS_TOKEN_EXPIRED or ACCESS_TOKEN_INVALID. */
  verify(token: string): Promise<AccessClaims>;
}

const ISSUER = 'logistics-marketplace';
/** Bounds the verified tokens kept; the oldest go first. */
const MAX_VERIFIED = 20_000;

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  // Imported once: given the raw bytes, jose would import the key again on every call.
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
    'verify',
  ]);
  // A session sends the same token with every call until it refreshes: its signature is checked
  // once. Only tokens that passed are kept, so nothing unverified is ever trusted; the expiry is
  // checked on every call, and revocation is the authenticator's own check.
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();

  async function verifySignature(token: string) {
    try {
      const { payload } = await jwtVerify<{ role: TSignInRole; fid: string }>(token, await key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
      });
      if (!payload.sub || !payload.role || !payload.fid || payload.exp === undefined) throw new AppError('ACCESS_TOKEN_INVALID');
      return { claims: { userId: payload.sub, role: payload.role, familyId: payload.fid }, exp: payload.exp };
    } catch (err) {
      if (err instanceof errors.JWTExpired) throw new AppError('ACCESS_TOKEN_EXPIRED');
      throw new AppError('ACCESS_TOKEN_INVALID');
    }
  }

  return {
    sign: async ({ userId, role, familyId }) =>
      new SignJWT({ role, fid: familyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(await key),
    verify: async (token) => {
      let known = verified.get(token);
      if (!known) {
        known = await verifySignature(token);
        while (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value!);
        verified.set(token, known);
      }
      // As jose decides it: expired from the second `exp` names.
      if (known.exp <= Math.floor(Date.now() / 1000)) {
        verified.delete(token);
        throw new AppError('ACCESS_TOKEN_EXPIRED');
      }
      return known.claims;
    },
  };
}
