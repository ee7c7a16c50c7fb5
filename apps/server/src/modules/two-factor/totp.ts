/**
 * TOTP (RFC 6238) through the `otpauth` library: SHA-1, six digits, 30-second steps — what
 * every authenticator app reads from the QR code. A code is matched to its time step so that
 * the caller can refuse a step already used (decision 053).
 */
import { Secret, TOTP } from 'otpauth';
import { UI_TEXT } from '@logi/contract';

const PERIOD_SECONDS = 30;
/** Steps either side of now that still match: a clock drift of up to 30 seconds. */
const WINDOW = 1;

const totpOf = (secret: string, account = '') =>
  new TOTP({
    issuer: UI_TEXT.productName,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
  });

/** A new 160-bit secret in base32 (RFC 4226's recommended length). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUri(secret: string, account: string): string {
  return totpOf(secret, account).toString();
}

/** The time step the code belongs to, or null when it matches none within the window. */
export function matchingStep(secret: string, code: string, now = Date.now()): number | null {
  const totp = totpOf(secret);
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}
