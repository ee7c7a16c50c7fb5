import { describe, expect, it } from 'vitest';
import { parseRequestReference, requestReference } from './request-reference';

describe('request reference numbers', () => {
  it('shows the id’s last 8 hex digits as A1B2-C3D4', () => {
    expect(requestReference('019a5f3e-7c2b-7d41-9e0a-4b7c1f2e3d5a')).toBe('1F2E-3D5A');
  });

  it('reads back what a person types: any case, with or without the hyphen, full-width, with #', () => {
    for (const typed of ['1F2E-3D5A', '1f2e3d5a', ' 1F2E 3D5A ', '＃１Ｆ２Ｅ－３Ｄ５Ａ', '#1f2e-3d5a']) {
      expect(parseRequestReference(typed), typed).toBe('1f2e3d5a');
    }
    for (const other of ['冷凍', '1F2E-3D5', '1F2E-3D5AB', 'GF2E-3D5A', ''])
      expect(parseRequestReference(other), other).toBeNull();
  });
});
