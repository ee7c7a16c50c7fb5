/** The remembered live sessions: kept for their TTL, forgotten by a sessions-changed event, never remembered across one. */
import { describe, expect, it } from 'vitest';
import { createLiveSessions } from './live-sessions';

describe('createLiveSessions', () => {
  it('remembers a live session for its TTL, for its own user only', () => {
    let now = 1_000;
    const sessions = createLiveSessions(30_000, 10, () => now);
    expect(sessions.isLive('family-1', 'user-1')).toBe(false);
    sessions.remember('family-1', 'user-1', sessions.epoch('user-1'));
    expect(sessions.isLive('family-1', 'user-1')).toBe(true);
    expect(sessions.isLive('family-1', 'user-2')).toBe(false);
    sessions.remember('family-1', 'user-1', sessions.epoch('user-1'));
    now += 30_000;
    expect(sessions.isLive('family-1', 'user-1')).toBe(false);
  });

  it('forgets every session of the users an event names, and no other', () => {
    const sessions = createLiveSessions(30_000);
    for (const [family, user] of [
      ['a', 'user-1'],
      ['b', 'user-1'],
      ['c', 'user-2'],
    ] as const)
      sessions.remember(family, user, sessions.epoch(user));
    sessions.forgetUsers(['user-1']);
    expect([sessions.isLive('a', 'user-1'), sessions.isLive('b', 'user-1'), sessions.isLive('c', 'user-2')]).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('does not remember a lookup that began before an event: a state read before the commit cannot outlive it', () => {
    const sessions = createLiveSessions(30_000);
    const epoch = sessions.epoch('user-1');
    // …the database answers "active"; meanwhile the account is suspended and the event arrives…
    sessions.forgetUsers(['user-1']);
    sessions.remember('family-1', 'user-1', epoch);
    expect(sessions.isLive('family-1', 'user-1')).toBe(false);
  });

  it('keeps at most its number of sessions, dropping the oldest; a TTL of 0 keeps none', () => {
    const sessions = createLiveSessions(30_000, 2);
    for (const family of ['a', 'b', 'c']) sessions.remember(family, `user-${family}`, 0);
    expect(['a', 'b', 'c'].map((f) => sessions.isLive(f, `user-${f}`))).toEqual([false, true, true]);
    const none = createLiveSessions(0);
    none.remember('a', 'user-a', 0);
    expect(none.isLive('a', 'user-a')).toBe(false);
  });
});
