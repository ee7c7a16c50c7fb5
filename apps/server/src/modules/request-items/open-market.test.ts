/**
 * The open market's pages (open-market.ts) against the market statement's meaning written plainly:
 * every open request filtered one by one, sorted newest first, sliced, counted to the cap. Random
 * requests and filters, and the changes the database sends: new requests (also out of their
 * order), edits, reposted dates, closings, and enough closings to pack the slots.
 */
import { describe, expect, it } from 'vitest';
import type { TPriceType, TRequestType } from '@logi/contract';
import { type Page, countCap } from '../../platform/db/list-page';
import { type OpenEntry, createOpenMarket } from './open-market';
import type { MarketFilter } from './request-items.lists.repository';
import type { ListedItemRow } from './request-items.parts.repository';

function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
    return s / 2 ** 31;
  };
}

const TAGS = ['V:FOUR_T_TRUCK', 'V:LIGHT_TRUCK', 'P:東京都', 'P:大阪府', 'D:東京都', 'D:愛知県', 'T:TRANSIT', 'S:short'];
const CHARS = [...'冷凍食品家具精密機器段ボール𠮷ab'];
const TYPES: TRequestType[] = ['DELIVERY', 'WAREHOUSE'];
const PRICES: TPriceType[] = ['ESTIMATION', 'FIXED'];
const BASE = Date.UTC(2026, 10, 1) * 1000;

function entries(rand: () => number, n: number, idFrom = 0): OpenEntry[] {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  return Array.from({ length: n }, (_, i) => {
    const id = `0190${String(idFrom + i).padStart(4, '0')}-0000-7000-8000-${String(Math.floor(rand() * 1e12)).padStart(12, '0')}`;
    const text = Array.from({ length: 1 + Math.floor(rand() * 3) }, () =>
      Array.from({ length: 1 + Math.floor(rand() * 5) }, () => pick(CHARS)).join(''),
    ).join('\n');
    return {
      id,
      // Few distinct times: many ties, ordered by id.
      createdMicros: BASE + Math.floor(rand() * 40) * 1_000_000,
      type: pick(TYPES),
      priceType: pick(PRICES),
      firstPickupMicros: rand() < 0.2 ? null : BASE + Math.floor(rand() * 40) * 1_000_000,
      tags: TAGS.filter(() => rand() < 0.3),
      searchText: text,
      row: { id } as ListedItemRow,
      parts: {},
      candidateCount: 0,
    };
  });
}

function filterOf(rand: () => number): MarketFilter {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
  const some = <T>(xs: readonly T[]) => xs.filter(() => rand() < 0.4);
  const at = (k: number) => new Date((BASE + k * 1_000_000) / 1000);
  const words =
    rand() < 0.4 ? Array.from({ length: 1 + Math.floor(rand() * 2) }, () => pick(CHARS) + (rand() < 0.5 ? pick(CHARS) : '')) : [];
  return {
    requestTypes: rand() < 0.3 ? [pick(TYPES)] : [],
    anyTags: rand() < 0.6 ? [some(TAGS.slice(0, 4)), ...(rand() < 0.3 ? [[pick(TAGS)]] : [])].filter((g) => g.length) : [],
    allTags: rand() < 0.2 ? [pick(TAGS)] : [],
    priceTypes: rand() < 0.3 ? [pick(PRICES)] : undefined,
    keyword: words.length ? { terms: [], words } : undefined,
    createdFrom: rand() < 0.2 ? at(Math.floor(rand() * 40)) : undefined,
    createdBefore: rand() < 0.2 ? at(Math.floor(rand() * 40)) : undefined,
    firstPickupFrom: rand() < 0.15 ? at(Math.floor(rand() * 40)) : undefined,
    firstPickupBefore: rand() < 0.15 ? at(Math.floor(rand() * 40)) : undefined,
  };
}

/** The market statement's meaning, plainly: the page's ids, and the matches counted to one past the cap. */
function expected(open: Iterable<OpenEntry>, f: MarketFilter, page: Page) {
  const µs = (d: Date) => d.getTime() * 1000;
  const matching = [...open]
    .filter(
      (e) =>
        f.requestTypes.every((t) => e.type === t) &&
        f.anyTags.every((g) => g.some((t) => e.tags.includes(t))) &&
        f.allTags.every((t) => e.tags.includes(t)) &&
        (!f.priceTypes || f.priceTypes.includes(e.priceType)) &&
        (!f.keyword || f.keyword.words.every((w) => e.searchText.split('\n').some((piece) => piece.includes(w)))) &&
        (!f.createdFrom || e.createdMicros >= µs(f.createdFrom)) &&
        (!f.createdBefore || e.createdMicros < µs(f.createdBefore)) &&
        (!f.firstPickupFrom || (e.firstPickupMicros !== null && e.firstPickupMicros >= µs(f.firstPickupFrom))) &&
        (!f.firstPickupBefore || (e.firstPickupMicros !== null && e.firstPickupMicros < µs(f.firstPickupBefore))),
    )
    .sort((a, b) => b.createdMicros - a.createdMicros || (a.id < b.id ? 1 : -1));
  return {
    ids: matching.slice(page.offset, page.offset + page.limit).map((e) => e.id),
    counted: Math.min(matching.length, countCap(page) + 1),
  };
}

function expectSamePages(
  market: ReturnType<typeof createOpenMarket>,
  open: Map<string, OpenEntry>,
  rand: () => number,
  n: number,
) {
  for (let i = 0; i < n; i++) {
    const f = filterOf(rand);
    // Small pages, so that the count's cap (50 pages ahead) is reached too.
    const limit = 1 + Math.floor(rand() * 3);
    const page = { limit, offset: limit * Math.floor(rand() * 8) };
    const got = market.page(f, page);
    expect({ ids: got.entries.map((e) => e.id), counted: got.counted }, JSON.stringify({ f, page })).toEqual(
      expected(open.values(), f, page),
    );
  }
}

describe('the open market in memory', () => {
  it('reads every page and filter as the market statement means them, whatever order the requests came in', () => {
    const rand = random(112);
    const open = new Map<string, OpenEntry>();
    const market = createOpenMarket();
    // Mostly newest last, as a live market grows; shuffled ones arrive out of their order.
    const all = entries(rand, 400).sort((a, b) => a.createdMicros - b.createdMicros);
    for (let i = 0; i + 3 < all.length; i += 7) [all[i], all[i + 3]] = [all[i + 3]!, all[i]!];
    for (const e of all) {
      market.put(e);
      open.set(e.id, e);
    }
    expect(market.size).toBe(400);
    expectSamePages(market, open, rand, 400);
  });

  /** Edits, moved posting dates, closings and new requests in rounds, the pages compared after each. */
  function followsChanges(market: ReturnType<typeof createOpenMarket>) {
    const rand = random(47);
    const open = new Map<string, OpenEntry>();
    const put = (e: OpenEntry) => {
      market.put(e);
      open.set(e.id, e);
    };
    entries(rand, 1_500).forEach(put);
    for (let round = 0; round < 6; round++) {
      const ids = [...open.keys()];
      for (const id of ids.filter(() => rand() < 0.1)) {
        const [fresh] = entries(rand, 1);
        // An edit keeps its posting date; a repost-like change moves it.
        put({ ...fresh!, id, createdMicros: rand() < 0.5 ? open.get(id)!.createdMicros : fresh!.createdMicros });
      }
      for (const id of ids.filter(() => rand() < 0.35)) {
        market.remove(id);
        open.delete(id);
      }
      entries(rand, 40, 10_000 + round * 100).forEach(put);
      expect(market.size).toBe(open.size);
      expectSamePages(market, open, rand, 60);
      // Keywords alone, where nothing but a word's set decides (its characters' sets do not).
      for (let i = 0; i < 30; i++) {
        const word = CHARS[Math.floor(rand() * CHARS.length)]! + CHARS[Math.floor(rand() * CHARS.length)]!;
        const f: MarketFilter = { requestTypes: [], anyTags: [], allTags: [], keyword: { terms: [], words: [word] } };
        const page = { limit: 50, offset: 0 };
        const got = market.page(f, page);
        expect({ ids: got.entries.map((e) => e.id), counted: got.counted }, word).toEqual(expected(open.values(), f, page));
      }
    }
    // Removing what is not kept changes nothing.
    market.remove('01900000-0000-7000-8000-000000000000');
    expect(market.size).toBe(open.size);
  }

  it('follows edits, moved posting dates and closings, and packs its slots when most are empty', () => {
    followsChanges(createOpenMarket());
  });

  it('reads the same pages when it keeps the sets of only the two words searched last', () => {
    // Most searched words are forgotten and made again between two rounds of changes.
    followsChanges(createOpenMarket(2));
  });
});
