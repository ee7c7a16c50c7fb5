import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone';
import metadata from './phone-metadata.jp.json';

describe('formatPhone', () => {
  it.each([
    ['0312345678', '03-1234-5678'], // 東京 (2-digit area code)
    ['0662345678', '06-6234-5678'], // 大阪
    ['0451234567', '045-123-4567'], // 横浜 (3 digits)
    ['0112345678', '011-234-5678'], // 札幌
    ['0466123456', '0466-12-3456'], // 藤沢 (4 digits)
    ['0126781234', '01267-8-1234'], // 岩見沢市栗沢 (5 digits)
    ['09012345678', '090-1234-5678'], // mobile
    ['05012345678', '050-1234-5678'], // IP phone
    ['0120123456', '0120-123-456'], // free dial
    ['0570123456', '0570-123-456'], // navi dial
  ])('%s → %s', (digits, shown) => {
    expect(formatPhone(digits)).toBe(shown);
  });

  it('shows a number it cannot place as it was given', () => {
    expect(formatPhone('0312')).toBe('0312');
    expect(formatPhone('03-1234-5678')).toBe('03-1234-5678');
    expect(formatPhone('')).toBe('');
  });

  it('bundles Japan’s slice of the installed libphonenumber-js (run scripts/phone-metadata.mjs after an upgrade)', () => {
    const all = createRequire(import.meta.url)('libphonenumber-js/metadata.min.json');
    expect(metadata.version).toBe(all.version);
    expect(metadata.countries.JP).toEqual(all.countries.JP);
  });
});
