/**
 * A short memory of what the database said about a user: whether a session is live (decision
 * 069), the session user. It saves a signed-in request its queries (issue 15), and is forgotten
 * at once for every user an accounts-changed event names: every suspension, removal, profile,
 * role, password or e-mail change, logout, payment state and detected token reuse publishes one
 * after its commit, to this instance directly and to the others over the bus
 * (`platform/realtime/bus.ts`). The lists memo keeps users' own lists, their open applications
 * and request items' details in it too, forgotten for the ids the database names (lists-memo.ts).
 *
 * A lookup that began before such an event is not remembered (it is marked stale), so a
 * state read just before a commit never outlives it. Concurrent misses of one key share one
 * lookup, and a value read in the last quarter of its TTL is looked up again in the background:
 * otherwise every connection of a busy user waited for its own lookup once per TTL (the p99 of
 * the signed-in reads, issue 15). Pure bookkeeping: no I/O.
 */
import type { MemoStats } from '../metrics/metrics';
import { type RealtimeBus, onAccountsChanged } from '../realtime/bus';

export interface UserMemo<V> {
  /** The value remembered under `key` for `userId`, if its TTL has not run out. */
  get(key: string, userId: string): V | undefined;
  /** The remembered value, or `load()`'s: remembered unless an event for the user came meanwhile. */
  through(key: string, userId: string, load: () => Promise<V>): Promise<V>;
  forgetUsers(userIds: readonly string[]): void;
  /** Forgets every user (their states may have changed unheard). */
  forgetAll(): void;
}

interface Entry<V> {
  userId: string;
  expires: number;
  value: V;
  refreshing: boolean;
}

/** A lookup under way; `stale` once an event for its user (or a forgetAll) came after it began. */
interface Lookup<V> {
  userId: string;
  stale: boolean;
  value: Promise<V>;
}

export function createUserMemo<V>(
  ttlMs: number,
  maxEntries = 100_000,
  now: () => number = () => Date.now(),
  stats: MemoStats = { hits: 0, misses: 0 },
): UserMemo<V> {
  const entries = new Map<string, Entry<V>>();
  const keysOf = new Map<string, Set<string>>();
  // Only lookups under way are tracked per user, so that nothing grows with the users (or
  // items) ever named: a memo of request items hears of every item written.
  const lookups = new Map<string, Lookup<V>>();
  const lookupsOf = new Map<string, Set<string>>();

  function drop(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOf.get(entry.userId);
    keys?.delete(key);
    if (keys?.size === 0) keysOf.delete(entry.userId);
  }

  function get(key: string, userId: string): V | undefined {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.userId === userId && entry.expires > now()) return entry.value;
    drop(key);
    return undefined;
  }

  function remember(key: string, userId: string, value: V) {
    drop(key);
    // The oldest go first: insertion order is age order.
    while (entries.size >= maxEntries) drop(entries.keys().next().value!);
    entries.set(key, { userId, expires: now() + ttlMs, value, refreshing: false });
    let keys = keysOf.get(userId);
    if (!keys) keysOf.set(userId, (keys = new Set()));
    keys.add(key);
  }

  function settle(key: string, lookup: Lookup<V>) {
    if (lookups.get(key) !== lookup) return;
    lookups.delete(key);
    const keys = lookupsOf.get(lookup.userId);
    keys?.delete(key);
    if (keys?.size === 0) lookupsOf.delete(lookup.userId);
  }

  /** Marks the user's lookups under way stale: later readers start their own. */
  function staleLookups(userId: string) {
    for (const key of lookupsOf.get(userId) ?? []) {
      lookups.get(key)!.stale = true;
      lookups.delete(key);
    }
    lookupsOf.delete(userId);
  }

  /** The lookup of `key` under way since the user's last event, or a new one; a reader's is counted (a refresh's is not). */
  function lookUp(key: string, userId: string, load: () => Promise<V>, reader = true): Promise<V> {
    const current = lookups.get(key);
    if (current?.userId === userId) {
      if (reader) stats.hits++;
      return current.value;
    }
    if (reader) stats.misses++;
    if (current) settle(key, current);
    const lookup: Lookup<V> = { userId, stale: false, value: load() };
    lookups.set(key, lookup);
    let keys = lookupsOf.get(userId);
    if (!keys) lookupsOf.set(userId, (keys = new Set()));
    keys.add(key);
    // A failed lookup is not remembered; its callers get the error.
    lookup.value.then(
      (value) => {
        settle(key, lookup);
        if (!lookup.stale) remember(key, userId, value);
      },
      () => settle(key, lookup),
    );
    return lookup.value;
  }

  return {
    get,
    through(key, userId, load) {
      // A TTL of 0 is no memo: every read asks, as with the market cache.
      if (ttlMs <= 0) {
        stats.misses++;
        return load();
      }
      const entry = entries.get(key);
      const at = now();
      if (entry?.userId === userId && entry.expires > at) {
        stats.hits++;
        if (!entry.refreshing && entry.expires - at <= ttlMs / 4) {
          entry.refreshing = true;
          // A failed refresh leaves the value to expire; the next reader after that looks it up.
          lookUp(key, userId, load, false).catch(() => {});
        }
        return Promise.resolve(entry.value);
      }
      drop(key);
      return lookUp(key, userId, load);
    },
    forgetUsers(userIds) {
      for (const userId of userIds) {
        staleLookups(userId);
        for (const key of [...(keysOf.get(userId) ?? [])]) drop(key);
      }
    },
    forgetAll() {
      for (const userId of [...lookupsOf.keys()]) staleLookups(userId);
      entries.clear();
      keysOf.clear();
    },
  };
}

/**
 * A memo forgotten for the users of every accounts-changed event. Read it with `through`: while
 * the bus is down other instances' events may be missed, so the database is asked instead.
 */
export function createAccountsMemo<V>(bus: RealtimeBus, ttlMs: number, stats: MemoStats = { hits: 0, misses: 0 }) {
  const memo = createUserMemo<V>(ttlMs, undefined, undefined, stats);
  onAccountsChanged(bus, (userIds) => memo.forgetUsers(userIds));
  return {
    through(key: string, userId: string, load: () => Promise<V>): Promise<V> {
      if (bus.connected) return memo.through(key, userId, load);
      stats.misses++;
      return load();
    },
  };
}
