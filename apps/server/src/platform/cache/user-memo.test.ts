/** The user memo: kept for its TTL, forgotten by an accounts-changed event, never remembered across one. */
import { describe, expect, it } from 'vitest';
import { createUserMemo } from './user-memo';

const value = (v: string) => () => Promise.resolve(v);

describe('createUserMemo', () => {
  it('remembers a value for its TTL, for its own user only', async () => {
    let now = 1_000;
    const memo = createUserMemo<string>(30_000, 10, () => now);
    expect(memo.get('family-1', 'user-1')).toBeUndefined();
    expect(await memo.through('family-1', 'user-1', value('live'))).toBe('live');
    expect(memo.get('family-1', 'user-1')).toBe('live');
    expect(await memo.through('family-1', 'user-1', value('read again'))).toBe('live');
    expect(memo.get('family-1', 'user-2')).toBeUndefined();
    await memo.through('family-1', 'user-1', value('live'));
    now += 30_000;
    expect(memo.get('family-1', 'user-1')).toBeUndefined();
  });

  it('forgets every value of the users an event names, and no other', async () => {
    const memo = createUserMemo<string>(30_000);
    for (const [key, user] of [
      ['a', 'user-1'],
      ['b', 'user-1'],
      ['c', 'user-2'],
    ] as const)
      await memo.through(key, user, value(key));
    memo.forgetUsers(['user-1']);
    expect([memo.get('a', 'user-1'), memo.get('b', 'user-1'), memo.get('c', 'user-2')]).toEqual([undefined, undefined, 'c']);
  });

  it('does not remember a lookup that began before an event: a state read before the commit cannot outlive it', async () => {
    const memo = createUserMemo<string>(30_000);
    let answer!: (v: string) => void;
    const lookup = memo.through('family-1', 'user-1', () => new Promise((resolve) => (answer = resolve)));
    // …the database answers "active"; meanwhile the account is suspended and the event arrives…
    memo.forgetUsers(['user-1']);
    answer('active');
    expect(await lookup).toBe('active');
    expect(memo.get('family-1', 'user-1')).toBeUndefined();
  });

  it('does not remember a failed lookup', async () => {
    const memo = createUserMemo<string>(30_000);
    await expect(memo.through('family-1', 'user-1', () => Promise.reject(new Error('revoked')))).rejects.toThrow('revoked');
    expect(await memo.through('family-1', 'user-1', value('live'))).toBe('live');
  });

  it('keeps at most its number of values, dropping the oldest; a TTL of 0 keeps none', async () => {
    const memo = createUserMemo<string>(30_000, 2);
    for (const key of ['a', 'b', 'c']) await memo.through(key, `user-${key}`, value(key));
    expect(['a', 'b', 'c'].map((k) => memo.get(k, `user-${k}`))).toEqual([undefined, 'b', 'c']);
    const none = createUserMemo<string>(0);
    await none.through('a', 'user-a', value('a'));
    expect(none.get('a', 'user-a')).toBeUndefined();
  });
});

describe('createUserMemo forgetAll', () => {
  it('forgets every user, and does not remember a lookup that began before it', async () => {
    const memo = createUserMemo<string>(30_000);
    await memo.through('a', 'user-1', value('a'));
    await memo.through('b', 'user-2', value('b'));
    let answer!: (v: string) => void;
    const lookup = memo.through('c', 'user-3', () => new Promise((resolve) => (answer = resolve)));
    memo.forgetAll();
    answer('read before');
    expect(await lookup).toBe('read before');
    expect([memo.get('a', 'user-1'), memo.get('b', 'user-2'), memo.get('c', 'user-3')]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
    expect(await memo.through('a', 'user-1', value('read after'))).toBe('read after');
    expect(memo.get('a', 'user-1')).toBe('read after');
  });
});
