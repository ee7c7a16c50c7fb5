/** The lists memo: forgotten for the users the database names, and for everyone after a gap; bypassed while not heard. */
import { describe, expect, it } from 'vitest';
import { createMemoCounts } from '../metrics/metrics';
import { createListsMemo } from './lists-memo';

/** A load that answers how many times it ran (as the encoded answer the memo keeps). */
function counter() {
  let n = 0;
  return () => Promise.resolve(Buffer.from(String(++n)));
}

describe('createListsMemo', () => {
  it('answers from memory until the database names the user', async () => {
    const source = createListsMemo(30);
    const memo = source.memos({ heard: true })<Buffer>('lists', 10);
    const load = counter();
    expect(String(await memo.through('my-items', 'user-1', load))).toBe('1');
    expect(String(await memo.through('my-items', 'user-1', load))).toBe('1');
    // Another user's list under the same key is that user's own.
    expect(String(await memo.through('my-items', 'user-2', load))).toBe('2');
    source.handlers.payload('user-1');
    expect(String(await memo.through('my-items', 'user-1', load))).toBe('3');
    expect(String(await memo.through('my-items', 'user-2', load))).toBe('2');
    source.handlers.gap();
    expect(String(await memo.through('my-items', 'user-2', load))).toBe('4');
  });

  it('forgets, in every memo it made, what was kept for the user or item the database names', async () => {
    const source = createListsMemo(30);
    const memos = source.memos({ heard: true });
    const lists = memos<Buffer>('lists', 10);
    const details = memos<Buffer>('details', 10);
    const load = counter();
    await lists.through('my-items', 'user-1', load);
    await details.through('detail', 'item-1', load);
    source.handlers.payload('item-1');
    expect(String(await lists.through('my-items', 'user-1', load))).toBe('1');
    expect(String(await details.through('detail', 'item-1', load))).toBe('3');
    source.handlers.gap();
    expect(String(await lists.through('my-items', 'user-1', load))).toBe('4');
  });

  it('asks the database every time while the notifications are not heard, or with no TTL', async () => {
    const unheard = createListsMemo(30).memos({ heard: false })<Buffer>('lists', 10);
    const load = counter();
    await unheard.through('my-items', 'user-1', load);
    expect(String(await unheard.through('my-items', 'user-1', load))).toBe('2');
    const off = createListsMemo(0).memos({ heard: true })<Buffer>('lists', 10);
    await off.through('my-items', 'user-1', load);
    expect(String(await off.through('my-items', 'user-1', load))).toBe('4');
  });

  it('counts the hits and misses of each memo by its name; a read while not heard is a miss', async () => {
    const counts = createMemoCounts();
    const heard = { heard: true };
    const memos = createListsMemo(30, counts.of).memos(heard);
    const lists = memos<Buffer>('lists', 10);
    const load = counter();
    await Promise.all([lists.through('my-items', 'user-1', load), lists.through('my-items', 'user-1', load)]);
    await lists.through('my-items', 'user-1', load);
    heard.heard = false;
    await lists.through('my-items', 'user-1', load);
    expect(counts.of('lists')).toEqual({ hits: 2, misses: 2 });
    expect([...counts.entries()].map(([name]) => name)).toEqual(['lists']);
  });
});
