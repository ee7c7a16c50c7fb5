/** The budget of pages painted per request (decisions 074, 075): a burst after a quiet spell, then an even pace. */
import { describe, expect, it } from 'vitest';
import { renderBudget } from './landing-pages';

describe('renderBudget', () => {
  it('allows a second’s renders at once after a quiet spell, then one per 1/n s under steady load', () => {
    let now = 0;
    const take = renderBudget(20, () => now);
    expect(Array.from({ length: 25 }, take).filter(Boolean)).toHaveLength(20);
    // Spent: the next render comes 50 ms later, not at the next clock second.
    now += 49;
    expect(take()).toBe(false);
    now += 1;
    expect(take()).toBe(true);
    expect(take()).toBe(false);
    // A steady load gets an even pace: 20 over a second, one every 50 ms.
    const taken = [];
    for (let ms = 0; ms < 1000; ms += 10) {
      now += 10;
      if (take()) taken.push(ms);
    }
    expect(taken).toHaveLength(20);
    // After a quiet spell the bucket is full again, never fuller.
    now += 60_000;
    expect(Array.from({ length: 25 }, take).filter(Boolean)).toHaveLength(20);
  });
});
