/**
 * The login's second-factor challenge (decision 053): a short-lived HS256 JWT that proves the
 * password step, under a key of its own (derived from the JWT secret) and its own audience,
 * so that it can never pass as an access token nor an access token as a challenge.
 */
import { hkdfSync } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { TSignInRole } from '@logi/contract';

export const TOTP_CHALLENGE_TTL_SECONDS = 5 * 60;
const AUDIENCE = 'totp-challenge';

export interface TotpChallengeClaims {
  userId: string;
  role: TSignInRole;
}

/** A verified challenge: also when it was issued, to the millisecond (a challenge signs in once, decision 053). */
export interface VerifiedTotpChallenge extends TotpChallengeClaims {
  issuedAt: Date;
}

export interface TotpChallenges {
  issue(claims: TotpChallengeClaims): Promise<{ challengeToken: string; expiresAt: Date }>;
  /** Null when the token is expired, altered or not a challenge. */
  verify(token: string): Promise<VerifiedTotpChallenge | null>;
}

export function createTotpChallenges(jwtSecret: string, ttlSeconds = TOTP_CHALLENGE_TTL_SECONDS): TotpChallenges {
  const key = new Uint8Array(hkdfSync('sha256', jwtSecret, 'logi-totp-challenge', AUDIENCE, 32));
  return {
    async issue({ userId, role }) {
      const issuedAt = Date.now();
      const expiresAt = new Date(issuedAt + ttlSeconds * 1000);
      // `iat` has whole seconds; the sign-in compares issue times to the millisecond.
      const challengeToken = await new SignJWT({ role, issuedAtMs: issuedAt })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
        .sign(key);
      return { challengeToken, expiresAt };
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify<{ role: TSignInRole; issuedAtMs: number }>(token, key, {
          audience: AUDIENCE,
          algorithms: ['HS256'],
        });
        if (!payload.sub || !payload.role || !Number.isSafeInteger(payload.issuedAtMs)) return null;
        return { userId: payload.sub, role: payload.role, issuedAt: new Date(payload.issuedAtMs) };
      } catch {
        return null;
      }
    },
  };
}
