/**
 * A market page as signed-in carriers get it (decision 068): the masked page they all share,
 * encoded once (`platform/http/json-bytes.ts`), on which each carrier's own applications are
 * marked. Marking writes into a copy of the bytes: a carrier's answer costs neither a
 * serialization nor an encoding, only a copy, and none when it applied to nothing on the page.
 */
import type { TRequestItem } from '@logi/contract';
import { encodeJson } from '../../platform/http/json-bytes';

export interface MarketPageBytes {
  /** The page, every item with `"isApplied":false`. */
  bytes: Buffer;
  /** The page's items in order: their ids, and who posted them. */
  itemIds: string[];
  creatorIds: string[];
  /** Where each item's `false` starts in `bytes`. */
  marks: number[];
}

const UNMARKED = Buffer.from('"isApplied":false');
// As long as `false`: JSON allows the space after a value, and the page keeps its length.
const APPLIED = Buffer.from('true ');

export function encodeMarketPage(page: { data: TRequestItem[] }): MarketPageBytes {
  const bytes = encodeJson({ ...page, data: page.data.map((item) => ({ ...item, isApplied: false })) });
  // JSON.stringify escapes every `"` inside a string, so this key-and-value can only be an item's own.
  const marks: number[] = [];
  for (let at = bytes.indexOf(UNMARKED); at !== -1; at = bytes.indexOf(UNMARKED, at + UNMARKED.length)) {
    marks.push(at + UNMARKED.length - APPLIED.length);
  }
  if (marks.length !== page.data.length) throw new Error(`a market page item holds another isApplied (${marks.length} marks)`);
  return { bytes, itemIds: page.data.map((item) => item.id), creatorIds: page.data.map((item) => item.creatorId), marks };
}

/** The page with `isApplied: true` on the items among `applied`. */
export function markApplied(page: MarketPageBytes, applied: ReadonlySet<string>): Buffer {
  const marks = page.marks.filter((_, i) => applied.has(page.itemIds[i]!));
  if (marks.length === 0) return page.bytes;
  const bytes = Buffer.from(page.bytes);
  for (const at of marks) APPLIED.copy(bytes, at);
  return bytes;
}
