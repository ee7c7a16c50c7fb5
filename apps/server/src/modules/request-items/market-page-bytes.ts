/**
 * A market page as signed-in carriers get it (decision 068): the masked page they all share,
 * encoded once (`platform/http/json-bytes.ts`), on which each carrier's own applications are
 * marked. Marking writes into a copy of the bytes: a carrier's answer costs neither a
 * serialization nor an encoding, only a copy, and none when it applied to nothing on the page.
 * The page is put together from its items' encodings, so that an item encoded once serves every
 * page it is on (decision 112).
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

/** One item of a market page, encoded, unapplied. */
export interface EncodedItem {
  id: string;
  creatorId: string;
  bytes: Buffer;
  /** Where its `false` starts in `bytes`. */
  mark: number;
}

const UNMARKED = Buffer.from('"isApplied":false');
// As long as `false`: JSON allows the space after a value, and the page keeps its length.
const APPLIED = Buffer.from('true ');

export function encodeItem(item: TRequestItem): EncodedItem {
  const bytes = encodeJson({ ...item, isApplied: false });
  // JSON.stringify escapes every `"` inside a string, so this key-and-value can only be the item's own.
  const at = bytes.indexOf(UNMARKED);
  if (at === -1 || bytes.indexOf(UNMARKED, at + 1) !== -1) throw new Error('a market page item holds another isApplied');
  return { id: item.id, creatorId: item.creatorId, bytes, mark: at + UNMARKED.length - APPLIED.length };
}

const COMMA = Buffer.from(',');
const END = Buffer.from(']}');

/** The page `{...head, data: items}` (head: the page's other keys, e.g. its meta), as JSON.stringify writes it. */
export function marketPageOf(head: object, items: readonly EncodedItem[]): MarketPageBytes {
  const headJson = JSON.stringify(head);
  const start = Buffer.from(`${headJson.slice(0, -1)}${headJson === '{}' ? '' : ','}"data":[`);
  const parts: Buffer[] = [start];
  const marks: number[] = [];
  let at = start.length;
  items.forEach((item, i) => {
    if (i > 0) {
      parts.push(COMMA);
      at += 1;
    }
    parts.push(item.bytes);
    marks.push(at + item.mark);
    at += item.bytes.length;
  });
  parts.push(END);
  return {
    bytes: Buffer.concat(parts, at + END.length),
    itemIds: items.map((item) => item.id),
    creatorIds: items.map((item) => item.creatorId),
    marks,
  };
}

/** The page with `isApplied: true` on the items among `applied`. */
export function markApplied(page: MarketPageBytes, applied: ReadonlySet<string>): Buffer {
  const marks = page.marks.filter((_, i) => applied.has(page.itemIds[i]!));
  if (marks.length === 0) return page.bytes;
  const bytes = Buffer.from(page.bytes);
  for (const at of marks) APPLIED.copy(bytes, at);
  return bytes;
}
