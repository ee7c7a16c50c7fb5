/**
 * The open market kept in memory and in step with the database (issue 47, decision 112). Every
 * market page and top list is read from it once it is loaded; the database is asked instead while
 * it is not loaded yet, while the notifications are not heard, or when there are more open
 * requests than `maxItems` (0: never kept).
 *
 * In step: the database names on `lists_changed` every request item whose detail a committed write
 * changed (drizzle/0019), which covers everything a market row shows or filters on. Each named id
 * is read again (open: kept anew; anything else: forgotten) in the next round of reads, one round
 * at a time. A write's answer waits for the round holding what it named (`settled`, after
 * Listening.caughtUp), so the writer's next read on this instance sees it; a request's detail waits
 * for the round that reads it again (a write made elsewhere: a job, another instance), a page for
 * none. A gap in the notifications, or a failed round, drops the memory; the next read loads it
 * again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Listening, NotificationHandlers } from '../../platform/db/notifications';
import type { Database } from '../../platform/db/database';
import type { MemoStats } from '../../platform/metrics/metrics';
import { type Page, listTotal } from '../../platform/db/list-page';
import { type OpenEntry, type OpenMarket, createOpenMarket, partsOf } from './open-market';
import { eachOpenBatch, findOpenEntries } from './open-market.repository';
import type { ListPage, MarketFilter } from './request-items.lists.repository';

export interface OpenMarketReader {
  /** The market page from memory; null while the memory is not to be trusted (read the database). */
  page(filter: MarketFilter, page: Page): Promise<ListPage | null>;
  /** The open request from memory; null when it is not kept or the memory is not to be trusted (read the database). */
  entry(id: string): Promise<OpenEntry | null>;
}

export interface OpenMarketSource {
  /** Hears `lists_changed` (with the lists memos' handlers). */
  handlers: NotificationHandlers;
  /** Resolves once what was named so far is read again (a write's answer waits for it). */
  settled(): Promise<void>;
  reader(listening: Pick<Listening, 'heard'>): OpenMarketReader;
}

interface Round {
  ids: Set<string>;
  done: Promise<void>;
  finish(): void;
}

function newRound(): Round {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { ids: new Set(), done, finish };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Requests put into a loading memory between two turns of the event loop. */
const PUT_BATCH = 500;

/** After a load found too many open requests, the database serves the market this long before the next try. */
const RETRY_AFTER_TOO_MANY_MS = 10 * 60_000;

export function createOpenMarketSource(
  db: Database,
  options: {
    maxItems: number;
    log: Pick<FastifyBaseLogger, 'warn' | 'error'>;
    /** Pages read from memory count as hits, from the database as misses. */
    stats?: MemoStats;
    /** What is made of requests as they are kept (their standard fares), off the reads' path. */
    kept?: (entries: readonly OpenEntry[]) => Promise<void>;
  },
): OpenMarketSource {
  /** The memory, once loaded and while trusted. */
  let market: OpenMarket | null = null;
  let loading = false;
  /** Bumped by every gap: a load or a round begun before it must not write what it read. */
  let generation = 0;
  let notBefore = 0;
  /** The round collecting named ids, not begun yet; and the one being read. */
  let next: Round | null = null;
  let running: Round | null = null;

  function drop() {
    generation++;
    market = null;
  }

  async function pump() {
    if (running || !market) return;
    while (next && market) {
      const round = (running = next);
      next = null;
      const at = generation;
      try {
        const found = await findOpenEntries(db, [...round.ids]);
        if (at === generation && market) {
          apply(market, round.ids, found);
          keep(found);
        }
      } catch (err) {
        options.log.error({ err }, 'the open market could not be kept in step; reading the database until it loads again');
        drop();
      } finally {
        running = null;
        round.finish();
      }
    }
    if (!market) letGo();
  }

  /** Unmade, it is made at the first read that needs it. */
  function keep(entries: readonly OpenEntry[]) {
    options.kept?.(entries).catch((err: unknown) => options.log.warn({ err }, 'what is kept of open requests was not made'));
  }

  /** Without a memory a named id has nothing to correct (a load reads afresh): nobody waits for it. */
  function letGo() {
    next?.finish();
    next = null;
  }

  function apply(into: OpenMarket, ids: ReadonlySet<string>, found: OpenEntry[]) {
    for (const entry of found) into.put(entry);
    const open = new Set(found.map((e) => e.id));
    for (const id of ids) if (!open.has(id)) into.remove(id);
    if (into.size > options.maxItems) tooMany(into.size);
  }

  function tooMany(size: number) {
    options.log.warn(
      { openRequests: size, maxItems: options.maxItems },
      'too many open requests to keep in memory; the database serves the market',
    );
    notBefore = Date.now() + RETRY_AFTER_TOO_MANY_MS;
    drop();
  }

  async function load() {
    loading = true;
    const at = generation;
    const newestFirst: OpenEntry[] = [];
    try {
      await eachOpenBatch(db, (entries) => {
        newestFirst.push(...entries);
        return at === generation && newestFirst.length <= options.maxItems;
      });
      if (at !== generation) return;
      if (newestFirst.length > options.maxItems) return tooMany(newestFirst.length);
      // Oldest first, each takes the next slot; a batch at a time, so that answers go on meanwhile.
      const loaded = createOpenMarket();
      for (let i = newestFirst.length - 1; i >= 0; i--) {
        loaded.put(newestFirst[i]!);
        if (i % PUT_BATCH === 0) await new Promise(setImmediate);
      }
      if (at !== generation) return;
      market = loaded;
      // What was named while loading may have been read before its write: read it again.
      void pump();
      keep(newestFirst);
    } catch (err) {
      options.log.error({ err }, 'the open market could not be loaded; the database serves the market');
    } finally {
      loading = false;
      if (!market) letGo();
    }
  }

  const { stats } = options;

  /**
   * The memory; null when the database is to be read. With `id`, once that request, if named, is
   * read again: the open-details memo keeps what is built from it until the request is named
   * again, so it must not be built from the request as it was before. A page does not wait for
   * the rounds: it may be a moment behind a write made elsewhere (a job, another instance), as the
   * signed-in pages' memo is anyway, while a route's write waited for its round before answering.
   */
  async function fromMemory(listening: Pick<Listening, 'heard'>, id?: string): Promise<OpenMarket | null> {
    if (!listening.heard || options.maxItems === 0) return null;
    if (!market && !loading && Date.now() >= notBefore) void load();
    const pending = id === undefined ? undefined : [next, running].find((round) => round?.ids.has(id));
    if (market && pending) await pending.done;
    return market;
  }

  return {
    handlers: {
      payload(id) {
        // Users and requests are named by their uuids; anything else names no request.
        if ((!market && !loading) || !UUID.test(id)) return;
        (next ??= newRound()).ids.add(id);
        void pump();
      },
      gap: drop,
    },
    // While loading there is nothing to settle: the load's end reads again what was named meanwhile.
    settled: async () => (market ? (next ?? running)?.done : undefined),
    reader: (listening) => ({
      async page(filter, page) {
        const read = await fromMemory(listening);
        if (stats && read) stats.hits++;
        else if (stats) stats.misses++;
        return read && listPageOf(read.page(filter, page), page);
      },
      async entry(id) {
        return (await fromMemory(listening, id))?.get(id) ?? null;
      },
    }),
  };
}

function listPageOf({ entries, counted }: { entries: OpenEntry[]; counted: number }, page: Page): ListPage {
  return {
    rows: entries.map((e) => e.row),
    parts: partsOf(entries),
    candidateCounts: new Map(),
    approvedCandidates: new Map(),
    ...listTotal(counted, page),
  };
}
