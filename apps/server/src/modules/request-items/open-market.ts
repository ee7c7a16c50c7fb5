/**
 * The open market in memory (issue 47, decision 112): every open request with what the market
 * filters on and what its row shows, and its pages read from there with exactly the market
 * statement's meaning (request-items.lists.repository.ts): the same filters, the same order
 * (newest first), the same capped count. Pure: what is in it and how a page is read;
 * open-market.service.ts keeps it in step with the database.
 *
 * Each request has a slot, in market order from the oldest; each term (a filter tag, the type,
 * the price type, a character of the searchable text) has the set of slots holding it, as a bit
 * set. A keyword's words of two characters or more have sets too, made when a page first asks for
 * them and kept in step from then on (the latest `wordsKept` of them). A page is the AND of its
 * filters' sets, walked from the newest slot; only the pickup window is checked on the requests
 * themselves. A request newer than every other takes the next slot; one that is not (two writes
 * committed out of their order) re-slots them all at the next read.
 */
import type { TPriceType, TRequestType } from '@logi/contract';
import { type Page, countCap } from '../../platform/db/list-page';
import type { MarketFilter } from './request-items.lists.repository';
import {
  type DeliveryPart,
  type ItemParts,
  type ListedItemRow,
  type TransportStopPart,
  type WarehousePart,
  emptyParts,
} from './request-items.parts.repository';

/** An open request as the market filters, orders and shows it. */
export interface OpenEntry {
  id: string;
  /** created_at in microseconds since the epoch: PostgreSQL's order, finer than a Date. */
  createdMicros: number;
  type: TRequestType;
  priceType: TPriceType;
  firstPickupMicros: number | null;
  tags: readonly string[];
  /** The normalised searchable text, one piece per line (domain/request-search.ts). */
  searchText: string;
  row: ListedItemRow;
  parts: OpenParts;
  /** How many have applied: everyone sees it while the request is open (decision 065). */
  candidateCount: number;
}

/** An open request's parts as its row shows them (ItemParts' values for its id). */
export interface OpenParts {
  delivery?: DeliveryPart;
  stops?: TransportStopPart[];
  warehouse?: WarehousePart;
  images?: string[];
}

/** The entries' parts as a page's statement brings them. */
export function partsOf(entries: readonly OpenEntry[]): ItemParts {
  const parts = emptyParts();
  for (const { id, parts: p } of entries) {
    if (p.delivery) parts.deliveries.set(id, p.delivery);
    if (p.stops) parts.stops.set(id, p.stops);
    if (p.warehouse) parts.warehouses.set(id, p.warehouse);
    if (p.images) parts.images.set(id, p.images);
  }
  return parts;
}

export interface OpenMarket {
  readonly size: number;
  /** The open request, if it is one. */
  get(id: string): OpenEntry | undefined;
  /** Adds the request, or replaces what was kept of it. */
  put(entry: OpenEntry): void;
  /** Forgets the request (no longer open). */
  remove(id: string): void;
  /** The page's entries, and the matches counted: one past the page's count cap at most (listTotal). */
  page(filter: MarketFilter, page: Page): { entries: OpenEntry[]; counted: number };
}

/** Newer first: the market statement's `created_at desc, id desc`. */
const newer = (a: OpenEntry, b: OpenEntry) =>
  a.createdMicros !== b.createdMicros ? a.createdMicros > b.createdMicros : a.id > b.id;

/** The terms a request's slot is set in: its tags, type, price type and each character of its text. */
function termsOf(e: OpenEntry): Set<string> {
  const terms = new Set<string>([...e.tags, typeTerm(e.type), priceTerm(e.priceType)]);
  for (const char of e.searchText) if (char !== '\n') terms.add(charTerm(char));
  return terms;
}
const typeTerm = (type: string) => `R:${type}`;
const priceTerm = (priceType: string) => `$:${priceType}`;
const charTerm = (char: string) => `c:${char}`;

// ───────────────────────── bit sets of slots ─────────────────────────

type Bits = Uint32Array;

function withBit(bits: Bits, slot: number): Bits {
  const word = slot >>> 5;
  const grown = word < bits.length ? bits : grow(bits, word + 1);
  grown[word]! |= 1 << (slot & 31);
  return grown;
}
function grow(bits: Bits, words: number): Bits {
  const grown = new Uint32Array(Math.max(words, bits.length * 2, 32));
  grown.set(bits);
  return grown;
}
const clearBit = (bits: Bits | undefined, slot: number) => {
  if (bits && slot >>> 5 < bits.length) bits[slot >>> 5]! &= ~(1 << (slot & 31));
};
/** `into` &= `bits` (a missing set is empty). */
function and(into: Bits, bits: Bits | undefined) {
  const n = bits ? Math.min(into.length, bits.length) : 0;
  for (let i = 0; i < n; i++) into[i]! &= bits![i]!;
  into.fill(0, n);
}
/** The union of the sets, `words` long. */
function union(sets: (Bits | undefined)[], words: number): Bits {
  const out = new Uint32Array(words);
  for (const bits of sets) {
    if (!bits) continue;
    const n = Math.min(words, bits.length);
    for (let i = 0; i < n; i++) out[i]! |= bits[i]!;
  }
  return out;
}
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}

// ───────────────────────── the market ─────────────────────────

/** A request in its slot, with its terms' numbers (the market's own dictionary). */
interface Slotted {
  entry: OpenEntry;
  terms: number[];
}

/** How many searched words keep a set: each is checked on every request put (decision 115). */
const WORDS_KEPT = 256;

export function createOpenMarket(wordsKept = WORDS_KEPT): OpenMarket {
  const slotOf = new Map<string, number>();
  /** By slot, oldest first; a hole where a request left. */
  let slots: (Slotted | undefined)[] = [];
  /** Each slot's request (a hole keeps the one that left): sorted in market order, oldest first. */
  let placed: OpenEntry[] = [];
  let live: Bits = new Uint32Array(32);
  const termNumbers = new Map<string, number>();
  let sets: Bits[] = [];

  const termNumber = (term: string) => {
    let n = termNumbers.get(term);
    if (n === undefined) {
      termNumbers.set(term, (n = sets.length));
      sets.push(new Uint32Array(0));
    }
    return n;
  };
  const setOf = (term: string): Bits | undefined => {
    const n = termNumbers.get(term);
    return n === undefined ? undefined : sets[n];
  };
  /**
   * Searched words with the slots whose text holds them, least recently searched first. Without
   * them a keyword page checked each request holding the word's characters, up to the count's cap:
   * thousands of checks a page for a common word.
   */
  const wordSets = new Map<string, Bits>();

  /** The slots whose text holds `word` (two characters or more), made on its first search. */
  function wordSet(word: string): Bits {
    let bits = wordSets.get(word);
    if (bits) {
      wordSets.delete(word);
    } else {
      bits = live.slice();
      for (const char of new Set(word)) and(bits, setOf(charTerm(char)));
      for (let w = 0; w < bits.length; w++) {
        for (let rest = bits[w]!; rest !== 0;) {
          const bit = 31 - Math.clz32(rest);
          rest ^= 1 << bit;
          if (!slots[(w << 5) + bit]!.entry.searchText.includes(word)) bits[w]! &= ~(1 << bit);
        }
      }
      if (wordSets.size >= wordsKept) wordSets.delete(wordSets.keys().next().value!);
    }
    wordSets.set(word, bits);
    return bits;
  }

  function setBits(slot: number, { entry, terms }: Slotted) {
    slotOf.set(entry.id, slot);
    live = withBit(live, slot);
    for (const n of terms) sets[n] = withBit(sets[n]!, slot);
    for (const [word, bits] of wordSets) if (entry.searchText.includes(word)) wordSets.set(word, withBit(bits, slot));
  }

  /** Makes room at `slot`: every slot from there on moves up one (an out-of-order request is rarely far back). */
  function openSlot(slot: number) {
    for (let i = slot; i < slots.length; i++) if (slots[i]) slotOf.set(slots[i]!.entry.id, i + 1);
    slots.splice(slot, 0, undefined);
    placed.splice(slot, 0, placed[slot]!);
    live = shiftUp(live, slot);
    sets = sets.map((bits) => shiftUp(bits, slot));
    for (const [word, bits] of wordSets) wordSets.set(word, shiftUp(bits, slot));
  }

  /** Clears the slot's bits: its request leaves it, or is replaced in it. */
  function clearSlot(slot: number) {
    clearBit(live, slot);
    for (const n of slots[slot]!.terms) clearBit(sets[n], slot);
    for (const bits of wordSets.values()) clearBit(bits, slot);
  }

  function remove(id: string) {
    const slot = slotOf.get(id);
    if (slot === undefined) return;
    clearSlot(slot);
    slotOf.delete(id);
    slots[slot] = undefined;
    // Mostly holes: pack the requests into fresh slots.
    if (slots.length > 1024 && slots.length > 2 * slotOf.size) pack();
  }

  function pack() {
    const kept = slots.filter((s): s is Slotted => s !== undefined);
    slots = kept;
    placed = kept.map((s) => s.entry);
    live = new Uint32Array(32);
    sets = sets.map(() => new Uint32Array(0));
    for (const word of wordSets.keys()) wordSets.set(word, new Uint32Array(0));
    kept.forEach((s, slot) => setBits(slot, s));
  }

  /** The first slot whose request is not `before` (slots, holes too, are in market order from the oldest). */
  function firstSlot(before: (placed: OpenEntry) => boolean): number {
    let lo = 0;
    let hi = placed.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (before(placed[mid]!)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
  const firstSlotFrom = (micros: number) => firstSlot((p) => p.createdMicros < micros);

  /** The slots that hold every term the filter requires, within its posting-date window. */
  function candidates(f: MarketFilter): Bits {
    const words = live.length;
    const found = live.slice();
    for (const group of f.anyTags) and(found, group.length === 1 ? setOf(group[0]!) : union(group.map(setOf), words));
    for (const tag of f.allTags) and(found, setOf(tag));
    for (const type of f.requestTypes) and(found, setOf(typeTerm(type)));
    if (f.priceTypes)
      and(
        found,
        union(
          f.priceTypes.map((p) => setOf(priceTerm(p))),
          words,
        ),
      );
    for (const word of f.keyword?.words ?? []) and(found, word.length > 1 ? wordSet(word) : setOf(charTerm(word)));
    const from = f.createdFrom ? firstSlotFrom(f.createdFrom.getTime() * 1000) : 0;
    const before = f.createdBefore ? firstSlotFrom(f.createdBefore.getTime() * 1000) : slots.length;
    keepOnly(found, from, before);
    return found;
  }

  return {
    get size() {
      return slotOf.size;
    },
    put(entry) {
      const slotted = { entry, terms: [...termsOf(entry)].map(termNumber) };
      const at = slotOf.get(entry.id);
      // Its place in the order unchanged (an edit): the same slot.
      if (at !== undefined && slots[at]!.entry.createdMicros === entry.createdMicros) {
        clearSlot(at);
        slots[at] = slotted;
        placed[at] = entry;
        return setBits(at, slotted);
      }
      if (at !== undefined) remove(entry.id);
      // Newest of all (the usual case): the next slot; else room is made where it belongs.
      const slot = firstSlot((p) => newer(entry, p));
      if (slot < slots.length) openSlot(slot);
      slots[slot] = slotted;
      placed[slot] = entry;
      setBits(slot, slotted);
    },
    remove,
    get(id) {
      const slot = slotOf.get(id);
      return slot === undefined ? undefined : slots[slot]!.entry;
    },
    page(f, page) {
      const found = candidates(f);
      const cap = countCap(page);
      const end = page.offset + page.limit;
      const entries: OpenEntry[] = [];
      // The pickup window is checked on each candidate; the sets decide the rest.
      const checked = !!f.firstPickupFrom || !!f.firstPickupBefore;
      let counted = checked
        ? 0
        : Math.min(
            found.reduce((n, x) => n + popcount(x), 0),
            cap + 1,
          );
      let seen = 0;
      walk: for (let word = found.length - 1; word >= 0; word--) {
        let bits = found[word]!;
        // Counted from the sets, a word wholly before the page is skipped at once.
        if (!checked && seen + popcount(bits) <= page.offset) {
          seen += popcount(bits);
          continue;
        }
        while (bits !== 0) {
          const bit = 31 - Math.clz32(bits);
          bits ^= 1 << bit;
          const { entry } = slots[(word << 5) + bit]!;
          if (checked && !matchesOnEntry(entry, f)) continue;
          seen++;
          if (seen > page.offset && seen <= end) entries.push(entry);
          // Counted from the sets, the walk ends with the page; checked, at the count's cap.
          if (checked ? seen > cap : seen >= end) break walk;
        }
      }
      if (checked) counted = seen;
      return { entries, counted };
    },
  };
}

/** The set with every slot from `slot` on moved up one (the slot itself left empty). */
function shiftUp(bits: Bits, slot: number): Bits {
  const from = slot >>> 5;
  if (from >= bits.length) return bits;
  const out = bits[bits.length - 1]! >>> 31 ? grow(bits, bits.length + 1) : bits;
  for (let w = out.length - 1; w > from; w--) out[w] = (out[w]! << 1) | (out[w - 1]! >>> 31);
  const low = (1 << (slot & 31)) - 1;
  out[from] = (out[from]! & low) | ((out[from]! & ~low) << 1);
  return out;
}

/** Clears every slot outside [from, before). */
function keepOnly(bits: Bits, from: number, before: number) {
  const fromWord = from >>> 5;
  bits.fill(0, 0, Math.min(fromWord, bits.length));
  if (fromWord < bits.length) bits[fromWord]! &= ~0 << (from & 31);
  const beforeWord = before >>> 5;
  if (beforeWord < bits.length) {
    bits[beforeWord]! &= (before & 31) === 0 ? 0 : ~0 >>> (32 - (before & 31));
    bits.fill(0, beforeWord + 1);
  }
}

const micros = (d: Date) => d.getTime() * 1000;

/** What the sets cannot decide: the pickup window. */
function matchesOnEntry(e: OpenEntry, f: MarketFilter): boolean {
  if (f.firstPickupFrom && (e.firstPickupMicros === null || e.firstPickupMicros < micros(f.firstPickupFrom))) return false;
  if (f.firstPickupBefore && (e.firstPickupMicros === null || e.firstPickupMicros >= micros(f.firstPickupBefore))) return false;
  return true;
}
