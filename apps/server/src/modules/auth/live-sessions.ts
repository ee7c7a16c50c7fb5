/**
 * The sessions (token families) found live on a request: the account active, the family not
 * revoked. Remembered for a short while so that a signed-in request need not ask the database
 * again (issue 15, decision 069), and forgotten at once for every user a sessions-changed event
 * names: every suspension, removal, password or e-mail change, logout and detected token reuse
 * publishes one after its commit, to this instance directly and to the others over the bus.
 *
 * A lookup that began before such an event is not remembered (the user's epoch moved on), so a
 * state read just before a commit never outlives it. Pure bookkeeping: no I/O.
 */
export interface LiveSessions {
  isLive(familyId: string, userId: string): boolean;
  /** The user's epoch: read it before the lookup, give it back to `remember`. */
  epoch(userId: string): number;
  remember(familyId: string, userId: string, epochAtLookup: number): void;
  forgetUsers(userIds: readonly string[]): void;
}

export function createLiveSessions(ttlMs: number, maxEntries = 100_000, now: () => number = () => Date.now()): LiveSessions {
  const live = new Map<string, { userId: string; expires: number }>();
  const familiesOf = new Map<string, Set<string>>();
  const epochs = new Map<string, number>();

  function drop(familyId: string) {
    const entry = live.get(familyId);
    if (!entry) return;
    live.delete(familyId);
    const families = familiesOf.get(entry.userId);
    families?.delete(familyId);
    if (families?.size === 0) familiesOf.delete(entry.userId);
  }

  return {
    isLive(familyId, userId) {
      const entry = live.get(familyId);
      if (!entry) return false;
      if (entry.userId === userId && entry.expires > now()) return true;
      drop(familyId);
      return false;
    },
    epoch: (userId) => epochs.get(userId) ?? 0,
    remember(familyId, userId, epochAtLookup) {
      if (ttlMs <= 0 || (epochs.get(userId) ?? 0) !== epochAtLookup) return;
      drop(familyId);
      // The oldest go first: insertion order is age order.
      while (live.size >= maxEntries) drop(live.keys().next().value!);
      live.set(familyId, { userId, expires: now() + ttlMs });
      let families = familiesOf.get(userId);
      if (!families) familiesOf.set(userId, (families = new Set()));
      families.add(familyId);
    },
    forgetUsers(userIds) {
      for (const userId of userIds) {
        epochs.set(userId, (epochs.get(userId) ?? 0) + 1);
        for (const familyId of [...(familiesOf.get(userId) ?? [])]) drop(familyId);
      }
    },
  };
}
