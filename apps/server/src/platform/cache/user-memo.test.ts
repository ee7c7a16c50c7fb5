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

describe('createUserMemo under concurrent readers', () => {
  /** A lookup that answers when told, counting how often the database was asked. */
  function database() {
    const answers: ((v: string) => void)[] = [];
    const failures: ((e: Error) => void)[] = [];
    return {
      asked: () => answers.length,
      load: () =>
        new Promise<string>((resolve, reject) => {
          answers.push(resolve);
          failures.push(reject);
        }),
      answer: (i: number, v: string) => answers[i]!(v),
      fail: (i: number, e: Error) => failures[i]!(e),
    };
  }

  it('asks the database once for readers who miss the same value together', async () => {
    const memo = createUserMemo<string>(30_000);
    const db = database();
    const readers = Array.from({ length: 50 }, () => memo.through('page-1', 'user-1', db.load));
    expect(db.asked()).toBe(1);
    db.answer(0, 'items');
    expect(await Promise.all(readers)).toEqual(Array(50).fill('items'));
    expect(memo.get('page-1', 'user-1')).toBe('items');
  });

  it('does not hand a reader after an event the lookup that began before it', async () => {
    const memo = createUserMemo<string>(30_000);
    const db = database();
    const before = memo.through('page-1', 'user-1', db.load);
    memo.forgetUsers(['user-1']);
    const after = memo.through('page-1', 'user-1', db.load);
    expect(db.asked()).toBe(2);
    db.answer(1, 'after the change');
    db.answer(0, 'before the change');
    expect([await before, await after]).toEqual(['before the change', 'after the change']);
    expect(memo.get('page-1', 'user-1')).toBe('after the change');
  });

  it("gives every waiting reader a failed lookup's error, and asks again on the next read", async () => {
    const memo = createUserMemo<string>(30_000);
    const db = database();
    const readers = [memo.through('page-1', 'user-1', db.load), memo.through('page-1', 'user-1', db.load)];
    db.fail(0, new Error('database away'));
    for (const reader of readers) await expect(reader).rejects.toThrow('database away');
    const again = memo.through('page-1', 'user-1', db.load);
    expect(db.asked()).toBe(2);
    db.answer(1, 'items');
    expect(await again).toBe('items');
  });

  /** A memo with a TTL of 40 s on a clock of its own, holding 'old' read at 0 (the database's first answer). */
  async function holdingOld() {
    const clock = { now: 0 };
    const memo = createUserMemo<string>(40_000, 10, () => clock.now);
    const db = database();
    const first = memo.through('page-1', 'user-1', db.load);
    db.answer(0, 'old');
    await first;
    return { clock, memo, db, read: () => memo.through('page-1', 'user-1', db.load) };
  }

  it('answers from memory in the last quarter of the TTL while it looks the value up again once', async () => {
    const { clock, memo, db, read } = await holdingOld();
    clock.now = 30_000;
    expect([await read(), await read()]).toEqual(['old', 'old']);
    expect(db.asked()).toBe(2);
    db.answer(1, 'new');
    await Promise.resolve();
    expect(await read()).toBe('new');
    // The new value is kept for a whole TTL from when it came.
    clock.now = 65_000;
    expect(memo.get('page-1', 'user-1')).toBe('new');
  });

  it('keeps the value until it expires when the lookup in the background fails', async () => {
    const { clock, db, read } = await holdingOld();
    clock.now = 35_000;
    expect(await read()).toBe('old');
    db.fail(1, new Error('database away'));
    await Promise.resolve();
    expect(await read()).toBe('old');
    expect(db.asked()).toBe(2);
    clock.now = 40_000;
    const expired = read();
    expect(db.asked()).toBe(3);
    db.answer(2, 'read again');
    expect(await expired).toBe('read again');
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
