/**
 * The admin's second factor (docs/decisions/053-admin-second-factor.md): enrolment with a
 * secret shown once and confirmed by a first code, ten recovery codes, disabling with the
 * password and a code, and the check the login's second step runs. Each code's time step is
 * accepted once per account (the last used step is stored), and each sign-in challenge once;
 * enrolment and disabling end the account's other sessions and are written to the audit log,
 * in their own transaction.
 */
import type { TMessageResponse, TTotpDisableBody, TTotpEnrolment, TTotpRecoveryCodes, TTotpStatus } from '@logi/contract';
import { SUCCESS_MESSAGES, TOTP_CODE_PATTERN } from '@logi/contract';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import { publishAccountsChanged } from '../../platform/realtime/bus';
import { clearLoginFailures, countingLoginFailures, isLoginLocked } from '../../platform/tokens/login-throttle';
import { createSecretBox } from '../../platform/tokens/secret-box';
import { revokeUserSessions } from '../../platform/tokens/sessions';
import * as accounts from '../accounts/accounts.service';
import { recordAdminAction } from '../audit-log/audit-log.service';
import { newRecoveryCodes, recoveryCodeHash } from './recovery-codes';
import { matchingStep, newTotpSecret, otpauthUri } from './totp';
import * as repo from './two-factor.repository';

/** Loaded at the first enrolment: only admins enrol, and the server starts without it (decision 060). */
const qrCode = async () => (await import('qrcode')).default;

/**
 * The factor turned on or off, in the caller's transaction: as a password change does, the
 * account's other devices sign in again (this one stays), and the audit log keeps the change.
 */
async function factorTurned(tx: Database, auth: AuthContext, enabled: boolean) {
  const action = enabled ? 'TOTP_ENABLED' : 'TOTP_DISABLED';
  await revokeUserSessions(tx, [auth.userId], action, auth.familyId);
  await recordAdminAction(tx, {
    actorId: auth.userId,
    action,
    targetType: 'USER',
    targetId: auth.userId,
    before: { totp: !enabled },
    after: { totp: enabled },
  });
}

export function createTwoFactorService(deps: Deps) {
  const { db, passwords } = deps;
  const box = createSecretBox(deps.config.totpEncryptionKey, 'totp-secret');

  /** Spends the code's time step, or throws TOTP_CODE_INVALID / TOTP_CODE_REUSED. Inside the factor's row lock. */
  async function spendTotpCode(tx: Database, factor: repo.TotpFactor, code: string): Promise<number> {
    const step = matchingStep(box.open(factor.secretCiphertext), code);
    if (step === null) throw new AppError('TOTP_CODE_INVALID');
    if (factor.lastUsedStep !== null && step <= factor.lastUsedStep) throw new AppError('TOTP_CODE_REUSED');
    await repo.markStepUsed(tx, factor.userId, step);
    return step;
  }

  return {
    /** Whether the login must ask this account for a second factor. */
    async isRequired(userId: string): Promise<boolean> {
      return (await repo.findFactor(db, userId))?.enabledAt != null;
    },

    /**
     * The login's second step, inside the transaction that opens the session: a current code whose
     * step was not used yet, or an unused recovery code (spent here), and the challenge, spent too.
     * False when the account has no enabled factor any more.
     */
    async verify(tx: Database, userId: string, code: string, challengeIssuedAt: Date): Promise<boolean> {
      const factor = await repo.findFactor(tx, userId, true);
      if (!factor?.enabledAt) return false;
      if (TOTP_CODE_PATTERN.test(code)) await spendTotpCode(tx, factor, code);
      else if (!(await repo.useRecoveryCode(tx, userId, recoveryCodeHash(code)))) throw new AppError('TOTP_CODE_INVALID');
      // A challenge signs in once: the last one that did, every older one and one from before the
      // factor was on are spent (checked after the code, so a wrong code counts whatever the challenge).
      const last = factor.lastChallengeIssuedAt;
      if (challengeIssuedAt < factor.enabledAt || (last !== null && challengeIssuedAt <= last)) {
        throw new AppError('TOTP_CHALLENGE_EXPIRED');
      }
      await repo.spendChallenge(tx, userId, challengeIssuedAt);
      return true;
    },

    async status(auth: AuthContext): Promise<TTotpStatus> {
      const factor = await repo.findFactor(db, auth.userId);
      const enabledAt = factor?.enabledAt ?? null;
      return {
        enabled: enabledAt !== null,
        enabledAt: enabledAt?.toISOString() ?? null,
        recoveryCodesRemaining: enabledAt ? await repo.countUnusedRecoveryCodes(db, auth.userId) : 0,
      };
    },

    /** A new secret (replacing an unconfirmed one); refused while a factor is enabled. */
    async startEnrolment(auth: AuthContext): Promise<TTotpEnrolment> {
      const user = await accounts.findUserById(db, auth.userId);
      if (!user) throw new AppError('USER_NOT_FOUND');
      const secret = newTotpSecret();
      await db.transaction(async (tx) => {
        if ((await repo.findFactor(tx, auth.userId, true))?.enabledAt) throw new AppError('TOTP_ALREADY_ENABLED');
        await repo.savePendingFactor(tx, auth.userId, box.seal(secret));
      });
      const uri = otpauthUri(secret, user.email);
      return {
        secret,
        otpauthUri: uri,
        qrCodeDataUrl: await (await qrCode()).toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
      };
    },

    /** The first code turns the pending factor on; the recovery codes are answered this once. */
    async confirmEnrolment(auth: AuthContext, code: string): Promise<TTotpRecoveryCodes> {
      const recoveryCodes = newRecoveryCodes();
      await db.transaction(async (tx) => {
        const factor = await repo.findFactor(tx, auth.userId, true);
        if (!factor) throw new AppError('TOTP_ENROLMENT_NOT_STARTED');
        if (factor.enabledAt) throw new AppError('TOTP_ALREADY_ENABLED');
        const step = matchingStep(box.open(factor.secretCiphertext), code);
        if (step === null) throw new AppError('TOTP_CODE_INVALID');
        await repo.enableFactor(tx, auth.userId, step);
        await repo.replaceRecoveryCodes(tx, auth.userId, recoveryCodes.map(recoveryCodeHash));
        await factorTurned(tx, auth, true);
      });
      await publishAccountsChanged(deps.realtime, [auth.userId]);
      return { message: SUCCESS_MESSAGES.totpEnabled, recoveryCodes };
    },

    /**
     * Needs the password and a current code (not a recovery code): both factors, once more. A wrong
     * one counts as a failed login of the account and the account's lock refuses it (decision 043).
     */
    async disable(auth: AuthContext, body: TTotpDisableBody): Promise<TMessageResponse> {
      const user = await accounts.findUserById(db, auth.userId);
      if (!user) throw new AppError('USER_NOT_FOUND');
      if (await isLoginLocked(db, user.email)) throw new AppError('LOGIN_LOCKED');
      const counting = countingLoginFailures(db, user.email, deps.config.loginThrottle, [
        'CURRENT_PASSWORD_INCORRECT',
        'TOTP_CODE_INVALID',
        'TOTP_CODE_REUSED',
      ]);
      if (!user.passwordHash || !(await passwords.verify(user.passwordHash, body.password))) {
        await counting(new AppError('CURRENT_PASSWORD_INCORRECT'));
      }
      await db
        .transaction(async (tx) => {
          const factor = await repo.findFactor(tx, auth.userId, true);
          if (!factor?.enabledAt) throw new AppError('TOTP_NOT_ENABLED');
          await spendTotpCode(tx, factor, body.code);
          await repo.deleteFactor(tx, auth.userId);
          await clearLoginFailures(tx, user.email);
          await factorTurned(tx, auth, false);
        })
        .catch(counting);
      await publishAccountsChanged(deps.realtime, [auth.userId]);
      return { message: SUCCESS_MESSAGES.totpDisabled };
    },
  };
}

export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
