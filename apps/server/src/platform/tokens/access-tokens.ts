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

export function createAccessTokens(secret: string, ttlSeconds: number): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign: ({ userId, role, familyId }) =>
      new SignJWT({ role, fid: familyId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify<{ role: TSignInRole; fid: string }>(token, key, {
          issuer: ISSUER,
          algorithms: ['HS256'],
        });
        if (!payload.sub || !payload.role || !payload.fid) throw new AppError('ACCESS_TOKEN_INVALID');
        return { userId: payload.sub, role: payload.role, familyId: payload.fid };
      } catch (err) {
        if (err instanceof errors.JWTExpired) throw new AppError('ACCESS_TOKEN_EXPIRED');
        throw new AppError('ACCESS_TOKEN_INVALID');
      }
    },
  };
}
