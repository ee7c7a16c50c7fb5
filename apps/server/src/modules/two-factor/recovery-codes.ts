/**
 * Recovery codes of a second factor (decision 053): ten codes of 80 random bits each, shown
 * once as `xxxx-xxxx-xxxx-xxxx` (base32, lowercase) and stored as sha256 — their entropy makes
 * a slow hash unnecessary, as for the opaque tokens.
 */
import { randomBytes } from 'node:crypto';
import { hashToken } from '../../platform/tokens/opaque-tokens';

export const RECOVERY_CODE_COUNT = 10;
const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out.match(/.{4}/g)!.join('-');
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/** The stored form: hyphens and case do not matter to the person typing it. */
export function recoveryCodeHash(code: string): string {
  return hashToken(code.replace(/-/g, '').toLowerCase());
}
