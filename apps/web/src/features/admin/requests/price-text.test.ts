/** The back office's price column and detail field (issue 43 item 22): the agreed amount once a bid is approved. */
import { describe, expect, it } from 'vitest';
import { priceText } from './request-pages';

describe('priceText', () => {
  it('says 合意金額 with the approved bid of an estimation request, 見積もり受付中 before', () => {
    expect(priceText({ priceType: 'ESTIMATION', price: null }, 38000)).toBe('合意金額 38,000円');
    expect(priceText({ priceType: 'ESTIMATION', price: null }, null)).toBe('見積もり受付中');
  });

  it('keeps a fixed or per-unit price as posted: it is the agreed one', () => {
    expect(priceText({ priceType: 'FIXED', price: 35000 }, 35000)).toBe('35,000円');
    expect(priceText({ priceType: 'PER_UNIT', price: 1200 }, 1200)).toBe('単価 1,200円／個');
  });
});
