/**
 * What the database answered about a user's own lists (my-items, applied-items) or a request
 * item's detail, kept until the database says it changed (issue 15, decisions 073, 079 and 080):
 * a repeated read costs neither its statement nor its serialization and encoding. The database
 * names, on the channel `lists_changed`, every user whose lists and every item whose detail a
 * committed write changed (drizzle/0018_lists_changed.sql, 0019_item_detail_changed.sql); what
 * was kept for them is forgotten at once, on every instance. While the notifications are not
 * heard, the database is asked every time. The TTL only bounds what changes with the clock alone:
 * the 新着 and 直近 marks and the signed image links' lifetime.
 */
import type { Config } from '../../config';
import type { Listening, NotificationHandlers } from '../db/notifications';
import type { MemoStats } from '../metrics/metrics';
import { type UserMemo, createUserMemo } from './user-memo';

export const LISTS_CHANGED_CHANNEL = 'lists_changed';

/** How long what the memos keep serves at most: LISTS_MEMO_SECONDS, and a signed image link keeps nine tenths of its lifetime. */
export const listsMemoSeconds = (config: Pick<Config, 'listsMemoSeconds' | 'storage'>): number =>
  Math.min(config.listsMemoSeconds, config.storage.downloadTtlSeconds / 10);

export interface ListsMemo<V = Buffer> {
  /** What was kept under `key` for `ownerId` (a user or an item the database names), or `load()`'s. */
  through(key: string, ownerId: string, load: () => Promise<V>): Promise<V>;
}

/** Memos of one kind of answer each (`name` labels its hits and misses), trusted only while the notifications are heard. */
export type ListsMemos = <V>(name: string, maxEntries: number) => ListsMemo<V>;

export interface ListsMemoSource {
  /** Hears the database's notifications: pass to `DatabaseHandle.listen(LISTS_CHANGED_CHANNEL, …)`. */
  handlers: NotificationHandlers;
  /** Makes memos that are trusted only while `listening` hears every notification. */
  memos(listening: Pick<Listening, 'heard'>): ListsMemos;
}

export function createListsMemo(
  ttlSeconds: number,
  statsOf: (name: string) => MemoStats = () => ({ hits: 0, misses: 0 }),
): ListsMemoSource {
  const all: UserMemo<unknown>[] = [];
  return {
    handlers: {
      payload: (ownerId) => all.forEach((memo) => memo.forgetUsers([ownerId])),
      gap: () => all.forEach((memo) => memo.forgetAll()),
    },
    memos:
      (listening) =>
      <V>(name: string, maxEntries: number): ListsMemo<V> => {
        const stats = statsOf(name);
        const memo = createUserMemo<V>(ttlSeconds * 1000, maxEntries, undefined, stats);
        all.push(memo);
        return {
          through(key, ownerId, load) {
            if (listening.heard) return memo.through(`${ownerId} ${key}`, ownerId, load);
            stats.misses++;
            return load();
          },
        };
      },
  };
}
