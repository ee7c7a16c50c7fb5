import { describe, expect, it } from 'vitest';
import { groupDigits } from './numbers';

describe('groupDigits', () => {
  it('groups the whole part in threes, as ja-JP does', () => {
    for (const n of [0, 7, 999, 1000, 1234, 12345, 123456, 1234567, 12345678, 1000000000, -500, -1234567]) {
      expect(groupDigits(n)).toBe(new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 }).format(n));
    }
  });

  it('rounds to the fraction digits asked for and drops trailing zeros', () => {
    expect(groupDigits(1234.5)).toBe('1,235');
    expect(groupDigits(1234.5, 2)).toBe('1,234.5');
    expect(groupDigits(1234.567, 2)).toBe('1,234.57');
    expect(groupDigits(12.1, 2)).toBe('12.1');
    expect(groupDigits(3, 2)).toBe('3');
    expect(groupDigits(-0.001, 2)).toBe('0');
    expect(groupDigits(-2.25, 2)).toBe('-2.25');
  });
});
