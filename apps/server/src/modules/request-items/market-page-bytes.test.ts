/** A shared market page, put together from its items' encodings, as each carrier gets it: its own applications marked. */
import type { TRequestItem } from '@logi/contract';
import { describe, expect, it } from 'vitest';
import { encodeItem, markApplied, marketPageOf } from './market-page-bytes';

const item = (id: string, extra: object = {}) =>
  ({ id, creatorId: `customer-${id}`, title: `冷凍食品の配送 ${id}`, ...extra }) as unknown as TRequestItem;
const data = [item('a'), item('b', { message: '"isApplied":false と書いた依頼' }), item('c')];
const meta = { page: 1, total: 3 };
const encoded = () => marketPageOf({ meta }, data.map(encodeItem));
const read = (bytes: Buffer) => JSON.parse(bytes.toString('utf8')) as { meta: typeof meta; data: { isApplied: boolean }[] };

describe('marketPageOf / markApplied', () => {
  it('writes the page exactly as JSON.stringify would, every item unapplied', () => {
    const unapplied = data.map((i) => ({ ...i, isApplied: false }));
    expect(encoded().bytes.toString('utf8')).toBe(JSON.stringify({ meta, data: unapplied }));
    // The home page's newest requests have no meta; an empty page has no items.
    expect(marketPageOf({}, data.map(encodeItem)).bytes.toString('utf8')).toBe(JSON.stringify({ data: unapplied }));
    expect(marketPageOf({ meta }, []).bytes.toString('utf8')).toBe(JSON.stringify({ meta, data: [] }));
  });

  it('answers the shared page to a carrier who applied to none of it', () => {
    const page = encoded();
    expect(markApplied(page, new Set(['elsewhere']))).toBe(page.bytes);
  });

  it("marks the carrier's applications on its own copy, leaving the shared page as it was", () => {
    const page = encoded();
    const answer = read(markApplied(page, new Set(['b', 'c'])));
    expect(answer.data.map((i) => i.isApplied)).toEqual([false, true, true]);
    // The text that looks like a mark is the customer's, untouched.
    expect(answer.data[1]).toMatchObject({ message: '"isApplied":false と書いた依頼', title: '冷凍食品の配送 b' });
    expect(read(markApplied(page, new Set())).data.map((i) => i.isApplied)).toEqual([false, false, false]);
  });

  it('names who posted each item, for the caller who must get its own items unmasked', () => {
    expect(encoded().creatorIds).toEqual(['customer-a', 'customer-b', 'customer-c']);
  });

  it('refuses an item that carries another isApplied, which it could not mark', () => {
    expect(() => encodeItem(item('a', { candidate: { isApplied: false } }))).toThrow(/isApplied/);
  });
});
