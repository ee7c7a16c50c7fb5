/**
 * What a user's own lists (my-items, applied-items) answered, as encoded JSON (issue 15,
 * decisions 073 and 079): a repeated read costs neither the page's statement nor its serialization
 * and encoding. The database names, on the channel `lists_changed`, every user whose lists a
 * committed write changed (drizzle/0018_lists_changed.sql); those users are forgotten at once, on
 * every instance. While the notifications are not heard, the database is asked every time. The
 * TTL only bounds what changes with the clock alone: the 新着 and 直近 marks and the signed image
 * links' lifetime.
 */
import type { Listening, NotificationHandlers } from '../db/notifications';
import { createUserMemo } from './user-memo';

export const LISTS_CHANGED_CHANNEL = 'lists_changed';

export interface ListsMemo {
  /** The user's list under `key` (the caller's role and query), or `load()`'s. */
  through(key: string, userId: string, load: () => Promise<Buffer>): Promise<Buffer>;
}

export interface ListsMemoSource {
  /** Hears the database's notifications: pass to `DatabaseHandle.listen(LISTS_CHANGED_CHANNEL, …)`. */
  handlers: NotificationHandlers;
  /** The memo, trusted only while `listening` hears every notification. */
  memo(listening: Pick<Listening, 'heard'>): ListsMemo;
}

/** At most this many lists are kept: a page of 20 is about 20 kB. */
const MAX_ENTRIES = 1000;

export function createListsMemo(ttlSeconds: number): ListsMemoSource {
  const memo = createUserMemo<Buffer>(ttlSeconds * 1000, MAX_ENTRIES);
  return {
    handlers: { payload: (userId) => memo.forgetUsers([userId]), gap: () => memo.forgetAll() },
    memo: (listening) => ({
      through: (key, userId, load) => (listening.heard ? memo.through(`${userId} ${key}`, userId, load) : load()),
    }),
  };
}
