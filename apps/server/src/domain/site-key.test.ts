/** A site's key (decision 105): one premises typed differently is one site; different premises stay apart. */
import { describe, expect, it } from 'vitest';
import { siteKey } from './site-key';

const ginza = { prefecture: '東京都', city: '中央区' };

describe('siteKey', () => {
  it('folds full-width characters, 丁目・番地・号, dashes and spaces into one key', () => {
    const key = '東京都中央区銀座1-2-3';
    expect(siteKey({ ...ginza, town: '銀座', block: '1-2-3' })).toBe(key);
    expect(siteKey({ ...ginza, town: '銀座', block: '１丁目２番３号' })).toBe(key);
    expect(siteKey({ ...ginza, town: '銀座', block: '1丁目2番地3' })).toBe(key);
    expect(siteKey({ ...ginza, town: '銀座１丁目', block: '２－３' })).toBe(key);
    expect(siteKey({ ...ginza, town: '銀座 1', block: '2ー3' })).toBe(key);
    expect(siteKey({ ...ginza, town: '銀座', block: '1‐2‐3 ' })).toBe(key);
  });

  it('keeps different premises apart and leaves the building out', () => {
    expect(siteKey({ ...ginza, town: '銀座', block: '1-2-4' })).not.toBe(siteKey({ ...ginza, town: '銀座', block: '1-2-3' }));
    expect(siteKey({ ...ginza, town: '銀座', block: '12-3' })).not.toBe(siteKey({ ...ginza, town: '銀座', block: '1-23' }));
    expect(siteKey({ prefecture: '大阪府', city: '大阪市北区', town: '梅田', block: 'Ａ棟3-1' })).toBe(
      '大阪府大阪市北区梅田a棟3-1',
    );
  });
});
