/** Secrets at rest (decision 053): what is sealed opens only with the same key and purpose, unaltered. */
import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box';

const KEY = 'key-material-of-at-least-32-characters-0123';

describe('the secret box', () => {
  it('seals with a fresh IV each time and opens what it sealed', () => {
    const box = createSecretBox(KEY, 'totp-secret');
    const a = box.seal('JBSWY3DPEHPK3PXP');
    const b = box.seal('JBSWY3DPEHPK3PXP');
    expect(a).not.toBe(b);
    expect(a).not.toContain('JBSWY3DPEHPK3PXP');
    expect(a).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(box.open(a)).toBe('JBSWY3DPEHPK3PXP');
    expect(box.open(b)).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another key, another purpose, an altered byte and anything not sealed', () => {
    const sealed = createSecretBox(KEY, 'totp-secret').seal('JBSWY3DPEHPK3PXP');
    expect(() => createSecretBox(`${KEY}x`, 'totp-secret').open(sealed)).toThrow();
    expect(() => createSecretBox(KEY, 'other-purpose').open(sealed)).toThrow();
    const [v, iv, tag, ct] = sealed.split('.');
    const flipped = Buffer.from(ct!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => createSecretBox(KEY, 'totp-secret').open([v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => createSecretBox(KEY, 'totp-secret').open('JBSWY3DPEHPK3PXP')).toThrow();
  });
});
