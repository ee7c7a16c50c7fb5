/**
 * A short memory of what the database said about a user: whether a session is live (decision
 * 069), the session user, which market items the user applied to. It saves a signed-in request
 * its queries (issue 15), and is forgotten at once for every user an accounts-changed event
 * names: every suspension, removal, profile, role, password or e-mail change, logout, payment
 * state and detected token reuse publishes one after its commit, to this instance directly and
 * to the others over the bus (`platform/realtime/bus.ts`).
 *
 * A lookup that began before such an event is not remembered (the user's epoch moved on), so a
 * state read just before a commit never outlives it. Pure bookkeeping: no I/O.
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

export function createUserMemo<V>(ttlMs: number, maxEntries = 100_000, now: () => number = () => Date.now()): UserMemo<V> {
  const entries = new Map<string, { userId: string; expires: number; value: V }>();
  const keysOf = new Map<string, Set<string>>();
  const epochs = new Map<string, number>();
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

  function remember(key: string, userId: string, epochAtLookup: number, generationAtLookup: number, value: V) {
    if (ttlMs <= 0 || (epochs.get(userId) ?? 0) !== epochAtLookup || generation !== generationAtLookup) return;
    drop(key);
    // The oldest go first: insertion order is age order.
    while (entries.size >= maxEntries) drop(entries.keys().next().value!);
    entries.set(key, { userId, expires: now() + ttlMs, value });
    let keys = keysOf.get(userId);
    if (!keys) keysOf.set(userId, (keys = new Set()));
    keys.add(key);
  }

  return {
    get,
    async through(key, userId, load) {
      const known = get(key, userId);
      if (known !== undefined) return known;
      const epoch = epochs.get(userId) ?? 0;
      const generationAtLookup = generation;
      const value = await load();
      remember(key, userId, epoch, generationAtLookup, value);
      return value;
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
