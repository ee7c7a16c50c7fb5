/** A shared market page, encoded once, as each carrier gets it: its own applications marked. */
import type { TRequestItem } from '@logi/contract';
import { describe, expect, it } from 'vitest';
import { encodeMarketPage, markApplied } from './market-page-bytes';

const item = (id: string, extra: object = {}) =>
  ({ id, creatorId: `customer-${id}`, title: `冷凍食品の配送 ${id}`, ...extra }) as unknown as TRequestItem;
const page = {
  data: [item('a'), item('b', { message: '"isApplied":false と書いた依頼' }), item('c')],
  meta: { page: 1, total: 3 },
};
const read = (bytes: Buffer) => JSON.parse(bytes.toString('utf8')) as typeof page & { data: { isApplied: boolean }[] };

describe('encodeMarketPage / markApplied', () => {
  it('answers the shared page, every item unapplied, to a carrier who applied to none of it', () => {
    const encoded = encodeMarketPage(page);
    const answer = markApplied(encoded, new Set(['elsewhere']));
    expect(answer).toBe(encoded.bytes);
    expect(read(answer)).toEqual({ ...page, data: page.data.map((i) => ({ ...i, isApplied: false })) });
  });

  it("marks the carrier's applications on its own copy, leaving the shared page as it was", () => {
    const encoded = encodeMarketPage(page);
    const answer = read(markApplied(encoded, new Set(['b', 'c'])));
    expect(answer.data.map((i) => i.isApplied)).toEqual([false, true, true]);
    // The text that looks like a mark is the customer's, untouched.
    expect(answer.data[1]).toMatchObject({ message: '"isApplied":false と書いた依頼', title: '冷凍食品の配送 b' });
    expect(read(markApplied(encoded, new Set())).data.map((i) => i.isApplied)).toEqual([false, false, false]);
  });

  it('names who posted each item, for the caller who must get its own items unmasked', () => {
    expect(encodeMarketPage(page).creatorIds).toEqual(['customer-a', 'customer-b', 'customer-c']);
  });

  it('refuses a page whose items carry another isApplied, which it could not mark', () => {
    expect(() => encodeMarketPage({ data: [item('a', { candidate: { isApplied: false } })] })).toThrow(/isApplied/);
  });
});
