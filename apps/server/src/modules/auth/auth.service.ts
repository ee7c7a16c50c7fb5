/**
 * Sessions and credentials: login, token refresh with rotation and reuse
 * detection, logout, the session user, password change and reset, and the
 * authenticator that every protected call runs.
 */
import type {
  TChangePasswordBody,
  TForgotPasswordBody,
  TLoginBody,
  TLoginOutcome,
  TLoginResult,
  TMessageResponse,
  TResetPasswordBody,
  TSessionUser,
  TSignInRole,
  TTotpLoginBody,
} from '@logi/contract';
import { SUCCESS_MESSAGES } from '@logi/contract';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import { type AuthContext, bearerToken } from '../../platform/http/auth-context';
import { enqueueMail } from '../../platform/mail/outbox';
import { mailTemplates } from '../../platform/mail/templates';
import { consumeOneTimeToken, findOneTimeToken, issueOneTimeToken } from '../../platform/tokens/one-time-tokens';
import { clearLoginFailures, countingLoginFailures, isLoginLocked } from '../../platform/tokens/login-throttle';
import { OPAQUE_TOKEN_PATTERN } from '../../platform/tokens/opaque-tokens';
import { createAccountsMemo } from '../../platform/cache/user-memo';
import { publishAccountsChanged } from '../../platform/realtime/bus';
import { openSession, revokeFamily, revokeUserSessions, rotateSession } from '../../platform/tokens/sessions';
import { createTotpChallenges } from '../../platform/tokens/totp-challenges';
import * as accounts from '../accounts/accounts.service';
import type { TwoFactorService } from '../two-factor/two-factor.service';

/**
 * A fixed argon2id hash verified when the e-mail is unknown, so that a login
 * for a missing account takes as long as one with a wrong password.
 */
let dummyHash: Promise<string> | undefined;

const MEMO_TTL_MS = 30_000;

export function createAuthService(deps: Deps, secondFactor: TwoFactorService) {
  const { db, config, passwords, accessTokens } = deps;
  const challenges = createTotpChallenges(config.jwtSecret);
  // The TTL only bounds a message the bus lost.
  const liveSessions = createAccountsMemo<true>(deps.realtime, MEMO_TTL_MS, deps.metrics.memo('live-sessions'));
  const sessionUsers = createAccountsMemo<TSessionUser>(deps.realtime, MEMO_TTL_MS, deps.metrics.memo('session-users'));

  /** Counts a failed password or code against the account (decision 043), then rethrows. */
  const countingFailures = (email: string, codes: readonly string[]) =>
    countingLoginFailures(db, email, config.loginThrottle, codes);

  async function issueTokens(userId: string, role: TSignInRole, familyId: string, refreshToken: string): Promise<TLoginResult> {
    const accessToken = await accessTokens.sign({ userId, role, familyId });
    const user = await accounts.getSessionUser(db, userId, role);
    return { accessToken, refreshToken, user };
  }

  /** The account of an e-mail, password and verified role; INVALID_CREDENTIALS for any mismatch. */
  async function checkCredentials(body: TLoginBody) {
    // A removed driver keeps its address (decision 030): it learns, with its password, that it was removed.
    const user = await accounts.findUserByEmailIncludingDeleted(db, body.email);
    if (!user?.passwordHash) {
      dummyHash ??= passwords.hash('not-a-real-password-Aa1!');
      await passwords.verify(await dummyHash, body.password);
      throw new AppError('INVALID_CREDENTIALS');
    }
    if (!(await passwords.verify(user.passwordHash, body.password))) throw new AppError('INVALID_CREDENTIALS');
    if (user.deletedAt) throw new AppError(user.parentId ? 'ACCOUNT_REMOVED' : 'INVALID_CREDENTIALS');
    const roles = await accounts.findRoles(db, user.id);
    const role = roles.find((r) => r.role === body.role && r.emailVerified);
    if (!role || body.role === 'GUEST') throw new AppError('INVALID_CREDENTIALS');
    return user;
  }

  return {
    async authenticate(request: FastifyRequest): Promise<AuthContext> {
      const token = bearerToken(request);
      if (!token) throw new AppError('UNAUTHENTICATED');
      const claims = await accessTokens.verify(token);
      const lookUp = async () => {
        const state = await accounts.findAuthState(db, claims.userId, claims.familyId);
        if (!state || state.revokedAt) throw new AppError('ACCESS_TOKEN_INVALID');
        if (state.status !== 'ACTIVE') throw new AppError('ACCOUNT_SUSPENDED');
        return true as const;
      };
      await liveSessions.through(claims.familyId, claims.userId, lookUp);
      return claims;
    },

    async login(body: TLoginBody): Promise<TLoginOutcome> {
      // Decided before the password is checked: a paused address answers the same, known or not.
      if (await isLoginLocked(db, body.email)) throw new AppError('LOGIN_LOCKED');
      const user = await checkCredentials(body).catch(countingFailures(body.email, ['INVALID_CREDENTIALS']));
      const signInRole = body.role as TSignInRole;
      if (await secondFactor.isRequired(user.id)) {
        // The count is cleared only by the code: else each right password would reset the code's failures.
        if (user.status !== 'ACTIVE') throw new AppError('ACCOUNT_SUSPENDED');
        const challenge = await challenges.issue({ userId: user.id, role: signInRole });
        return { totpRequired: true, challengeToken: challenge.challengeToken, expiresAt: challenge.expiresAt.toISOString() };
      }
      await clearLoginFailures(db, body.email);
      // Only someone who knows the password learns that the account is suspended.
      if (user.status !== 'ACTIVE') throw new AppError('ACCOUNT_SUSPENDED');
      const session = await openSession(db, user.id, signInRole, config.refreshTokenTtlSeconds);
      return issueTokens(user.id, signInRole, session.familyId, session.refreshToken);
    },

    /** The login's second step: the challenge of the password step and a code (decision 053). */
    async loginTotp(body: TTotpLoginBody): Promise<TLoginResult> {
      const claims = await challenges.verify(body.challengeToken);
      const user = claims ? await accounts.findUserById(db, claims.userId) : undefined;
      if (!claims || !user) throw new AppError('TOTP_CHALLENGE_EXPIRED');
      if (await isLoginLocked(db, user.email)) throw new AppError('LOGIN_LOCKED');
      // The code and the challenge are spent in the transaction that opens the session: one challenge, one session.
      const session = await db
        .transaction(async (tx) => {
          // The factor was turned off since the password step: start again.
          if (!(await secondFactor.verify(tx, user.id, body.code, claims.issuedAt))) throw new AppError('TOTP_CHALLENGE_EXPIRED');
          await clearLoginFailures(tx, user.email);
          return user.status === 'ACTIVE' ? openSession(tx, user.id, claims.role, config.refreshTokenTtlSeconds) : null;
        })
        .catch(countingFailures(user.email, ['TOTP_CODE_INVALID', 'TOTP_CODE_REUSED']));
      if (!session) throw new AppError('ACCOUNT_SUSPENDED');
      return issueTokens(user.id, claims.role, session.familyId, session.refreshToken);
    },

    async refresh(request: FastifyRequest): Promise<TLoginResult> {
      const presented = bearerToken(request);
      if (!presented || !OPAQUE_TOKEN_PATTERN.test(presented)) throw new AppError('REFRESH_TOKEN_INVALID');
      const rotated = await db.transaction((tx) => rotateSession(tx, presented, config.refreshTokenTtlSeconds));
      // A used refresh token presented again: the family was revoked; its access tokens stop too.
      if (!rotated.ok && rotated.reason === 'REUSED') await publishAccountsChanged(deps.realtime, [rotated.userId]);
      if (!rotated.ok) throw new AppError('REFRESH_TOKEN_INVALID');
      const user = await accounts.findUserById(db, rotated.userId);
      if (!user) throw new AppError('USER_NOT_FOUND');
      if (user.status !== 'ACTIVE') throw new AppError('ACCOUNT_SUSPENDED');
      return issueTokens(user.id, rotated.role, rotated.familyId, rotated.refreshToken);
    },

    async logout(auth: AuthContext): Promise<TMessageResponse> {
      await revokeFamily(db, auth.familyId, 'LOGOUT');
      // The session's open notification streams end.
      await publishAccountsChanged(deps.realtime, [auth.userId]);
      return { message: SUCCESS_MESSAGES.loggedOut };
    },

    session(auth: AuthContext): Promise<TSessionUser> {
      return sessionUsers.through(`${auth.userId}:${auth.role}`, auth.userId, () =>
        accounts.getSessionUser(db, auth.userId, auth.role),
      );
    },

    async changePassword(auth: AuthContext, body: TChangePasswordBody): Promise<TMessageResponse> {
      const user = await accounts.findUserById(db, auth.userId);
      if (!user) throw new AppError('USER_NOT_FOUND');
      if (!user.passwordHash || !(await passwords.verify(user.passwordHash, body.currentPassword))) {
        throw new AppError('CURRENT_PASSWORD_INCORRECT');
      }
      const passwordHash = await passwords.hash(body.newPassword);
      await db.transaction(async (tx) => {
        await accounts.setPasswordHash(tx, user.id, passwordHash);
        // Other devices must sign in again with the new password; this one stays.
        await revokeUserSessions(tx, [user.id], 'PASSWORD_CHANGED', auth.familyId);
      });
      await publishAccountsChanged(deps.realtime, [user.id]);
      return { message: SUCCESS_MESSAGES.passwordChanged };
    },

    async forgotPassword(body: TForgotPasswordBody): Promise<TMessageResponse> {
      // A removed driver keeps its address (decision 030): it learns, with its password, that it was removed.
      const user = await accounts.findUserByEmailIncludingDeleted(db, body.email);
      const roles = user ? await accounts.findRoles(db, user.id) : [];
      if (!user || !roles.some((r) => r.role === body.role && r.emailVerified)) throw new AppError('ROLE_NOT_REGISTERED');
      await db.transaction(async (tx) => {
        const token = await issueOneTimeToken(tx, {
          purpose: 'RESET_PASSWORD',
          email: user.email,
          userId: user.id,
          payload: { role: body.role },
        });
        await enqueueMail(tx, user.email, mailTemplates.resetPassword(config.appUrl, token, body.role));
      });
      deps.mailWritten();
      return { message: SUCCESS_MESSAGES.passwordResetMailSent };
    },

    async verifyResetToken(token: string): Promise<{ valid: boolean }> {
      if (!OPAQUE_TOKEN_PATTERN.test(token)) throw new AppError('RESET_TOKEN_FORMAT_INVALID');
      const found = await findOneTimeToken(db, 'RESET_PASSWORD', token);
      if (found.state !== 'valid') throw new AppError('RESET_TOKEN_INVALID');
      return { valid: true };
    },

    async resetPassword(body: TResetPasswordBody): Promise<TMessageResponse> {
      if (!OPAQUE_TOKEN_PATTERN.test(body.token)) throw new AppError('RESET_TOKEN_INVALID');
      const passwordHash = await passwords.hash(body.password);
      const userId = await db.transaction(async (tx) => {
        const found = await findOneTimeToken(tx, 'RESET_PASSWORD', body.token, true);
        if (found.state !== 'valid' || !found.token.userId) throw new AppError('RESET_TOKEN_INVALID');
        const user = await accounts.findUserById(tx, found.token.userId, true);
        if (!user) throw new AppError('RESET_TOKEN_INVALID');
        await consumeOneTimeToken(tx, found.token.id);
        await accounts.setPasswordHash(tx, user.id, passwordHash);
        await revokeUserSessions(tx, [user.id], 'PASSWORD_RESET');
        return user.id;
      });
      await publishAccountsChanged(deps.realtime, [userId]);
      return { message: SUCCESS_MESSAGES.passwordReset };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
