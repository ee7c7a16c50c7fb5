/**
 * Secrets at rest (the admins' TOTP secrets, decision 053): AES-256-GCM under a key derived
 * with HKDF-SHA256 from configured key material and a purpose, so that one key serves one
 * use. A sealed value is `v1.<iv>.<tag>.<ciphertext>` in base64url; a changed byte fails to open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface SecretBox {
  seal(plain: string): string;
  /** Throws when the value was not sealed with this key (or was altered). */
  open(sealed: string): string;
}

export function createSecretBox(keyMaterial: string, purpose: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', keyMaterial, 'logi-secret-box', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), ciphertext]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, ciphertext] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || ciphertext === undefined) throw new Error('not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
