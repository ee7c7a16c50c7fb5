/** The demo's reviews (decision 105): on whatever deliveries the demo completed, both sides rate each other once. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TJobReviews } from '@logi/contract';
import type { TestApp } from '../../test/helpers';
import { type Cast, appWithCast } from '../../test/scenario';
import { completedJob } from '../modules/reviews/reviews.test-support';
import { seedDemoReviews } from './reviews';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

describe('seedDemoReviews', () => {
  it('reviews each completed delivery from the shipper, and the first from the carrier with its reply', async () => {
    const { item } = await completedJob(t, people.customer, people.driver);
    expect(await seedDemoReviews(t.app.deps)).toBe(1);
    const res = await t.call('GET', `/api/v1/reviews?requestItemId=${item.id}`, { token: people.customer.token });
    const reviews = res.json() as TJobReviews;
    expect(reviews.mine).toMatchObject({
      side: 'SHIPPER',
      rating: 5,
      reply: 'ご利用ありがとうございました。またよろしくお願いいたします。',
    });
    expect(reviews.theirs).toMatchObject({ side: 'CARRIER', rating: 4 });
  });
});
