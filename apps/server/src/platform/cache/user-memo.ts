/**
 * A short memory of what the database said about a user: whether a session is live (decision
 * 069), the session user, which market items the user applied to. It saves a signed-in request
 * its queries (issue 15), and is forgotten at once for every user an accounts-changed event
 * names: every suspension, removal, profile, role, password or e-mail change, logout, payment
 * state and detected token reuse publishes one after its commit, to this instance directly and
 * to the others over the bus (`platform/realtime/bus.ts`).
 *
 * A lookup that began before such an event is not remembered (the user's epoch moved on), so a
 * state read just before a commit never outlives it. Concurrent misses of one key share one
 * lookup, and a value read in the last quarter of its TTL is looked up again in the background:
 * otherwise every connection of a busy user waited for its own lookup once per TTL (the p99 of
 * the signed-in reads, issue 15). Pure bookkeeping: no I/O.
 */
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

/** A lookup under way, and the user's epoch and the generation it began in. */
interface Lookup<V> {
  userId: string;
  epoch: number;
  generation: number;
  value: Promise<V>;
}

export function createUserMemo<V>(ttlMs: number, maxEntries = 100_000, now: () => number = () => Date.now()): UserMemo<V> {
  const entries = new Map<string, Entry<V>>();
  const keysOf = new Map<string, Set<string>>();
  const epochs = new Map<string, number>();
  const lookups = new Map<string, Lookup<V>>();
  // Moved on by forgetAll: a lookup begun before it is not remembered either.
  let generation = 0;

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

  function remember(key: string, lookup: Lookup<V>, value: V) {
    const { userId } = lookup;
    if ((epochs.get(userId) ?? 0) !== lookup.epoch || generation !== lookup.generation) return;
    drop(key);
    // The oldest go first: insertion order is age order.
    while (entries.size >= maxEntries) drop(entries.keys().next().value!);
    entries.set(key, { userId, expires: now() + ttlMs, value, refreshing: false });
    let keys = keysOf.get(userId);
    if (!keys) keysOf.set(userId, (keys = new Set()));
    keys.add(key);
  }

  /** The lookup of `key` under way since the user's last event, or a new one. */
  function lookUp(key: string, userId: string, load: () => Promise<V>): Promise<V> {
    const epoch = epochs.get(userId) ?? 0;
    const current = lookups.get(key);
    if (current?.userId === userId && current.epoch === epoch && current.generation === generation) return current.value;
    const lookup: Lookup<V> = { userId, epoch, generation, value: load() };
    lookups.set(key, lookup);
    const done = () => {
      if (lookups.get(key) === lookup) lookups.delete(key);
    };
    // A failed lookup is not remembered; its callers get the error.
    lookup.value.then((value) => {
      done();
      remember(key, lookup, value);
    }, done);
    return lookup.value;
  }

  return {
    get,
    through(key, userId, load) {
      // A TTL of 0 is no memo: every read asks, as with the market cache.
      if (ttlMs <= 0) return load();
      const entry = entries.get(key);
      const at = now();
      if (entry?.userId === userId && entry.expires > at) {
        if (!entry.refreshing && entry.expires - at <= ttlMs / 4) {
          entry.refreshing = true;
          // A failed refresh leaves the value to expire; the next reader after that looks it up.
          lookUp(key, userId, load).catch(() => {});
        }
        return Promise.resolve(entry.value);
      }
      drop(key);
      return lookUp(key, userId, load);
    },
    forgetUsers(userIds) {
      for (const userId of userIds) {
        epochs.set(userId, (epochs.get(userId) ?? 0) + 1);
        for (const key of [...(keysOf.get(userId) ?? [])]) drop(key);
      }
    },
    forgetAll() {
      generation++;
      entries.clear();
      keysOf.clear();
    },
  };
}

/**
 * A memo forgotten for the users of every accounts-changed event. Read it with `through`: while
 * the bus is down other instances' events may be missed, so the database is asked instead.
 */
export function createAccountsMemo<V>(bus: RealtimeBus, ttlMs: number, maxEntries?: number) {
  const memo = createUserMemo<V>(ttlMs, maxEntries);
  onAccountsChanged(bus, (userIds) => memo.forgetUsers(userIds));
  return {
    through: (key: string, userId: string, load: () => Promise<V>): Promise<V> =>
      bus.connected ? memo.through(key, userId, load) : load(),
  };
}
