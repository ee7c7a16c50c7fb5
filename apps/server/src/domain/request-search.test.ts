import { describe, expect, it } from 'vitest';
import { deliveryTags, keywordSearch, normalize, searchIndexOf, warehouseTags } from './request-search';

describe('searchIndexOf', () => {
  it('indexes every character and character pair of each piece, never across pieces', () => {
    const { terms, text } = searchIndexOf(['冷凍食品', '東京都中央区銀座']);
    expect(terms).toEqual(expect.arrayContaining(['冷', '凍', '冷凍', '凍食', '食品', '銀', '銀座', '中央']));
    expect(terms).not.toContain('品東');
    expect(text).toBe('冷凍食品\n東京都中央区銀座');
  });

  it('folds width and case, and splits on whitespace', () => {
    const { terms, text } = searchIndexOf(['ＡＢＣ　ｄ', null, undefined, '']);
    expect(text).toBe('abc\nd');
    expect(terms.sort()).toEqual(['a', 'ab', 'b', 'bc', 'c', 'd']);
  });

  it('keeps characters outside the BMP whole', () => {
    expect(searchIndexOf(['𠮷野家']).terms).toEqual(expect.arrayContaining(['𠮷', '𠮷野']));
  });
});

describe('keywordSearch', () => {
  it.each([
    ['銀', ['銀'], ['銀']],
    ['冷凍', ['冷凍'], ['冷凍']],
    ['冷凍食品', ['冷凍', '凍食', '食品'], ['冷凍食品']],
    ['  銀座　冷凍 ', ['冷凍', '銀座'], ['銀座', '冷凍']],
    ['ＡＢ', ['ab'], ['ab']],
  ])('%s → terms %o, words %o', (keyword, terms, words) => {
    expect(keywordSearch(keyword)).toEqual({ terms: [...terms].sort(), words });
  });

  it('is null for blanks', () => {
    expect(keywordSearch(' 　')).toBeNull();
  });

  it('finds what the index holds: every term of a substring is a term of the text', () => {
    const index = searchIndexOf(['大阪府大阪市北区梅田']);
    for (const word of ['阪', '大阪', '阪市北', '北区梅田']) {
      expect(index.terms).toEqual(expect.arrayContaining(keywordSearch(word)!.terms));
      expect(index.text).toContain(normalize(word));
    }
  });
});

describe('filter tags', () => {
  it('tags a delivery with its vehicle, stop kinds and pickup / delivery places', () => {
    const tags = deliveryTags('FOUR_T_TRUCK', [
      { transportType: 'PICKUP', prefecture: '東京都', city: '中央区' },
      { transportType: 'TRANSIT', prefecture: '静岡県', city: '静岡市' },
      { transportType: 'DELIVERY', prefecture: '大阪府', city: '大阪市北区' },
    ]);
    expect(tags.sort()).toEqual(
      [
        'V:FOUR_T_TRUCK',
        'T:PICKUP',
        'T:TRANSIT',
        'T:DELIVERY',
        'P:東京都',
        'P:東京都中央区',
        'D:大阪府',
        'D:大阪府大阪市北区',
      ].sort(),
    );
  });

  it('tags a warehouse with the vehicles it accepts and its place', () => {
    expect(warehouseTags(['COOL_TRUCK'], { prefecture: '神奈川県', city: '横浜市中区' }).sort()).toEqual(
      ['V:COOL_TRUCK', 'W:神奈川県', 'W:神奈川県横浜市中区'].sort(),
    );
  });
});
