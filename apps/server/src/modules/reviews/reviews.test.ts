/**
 * Two-way reviews after a job (decision 105): only the parties of a completed delivery, once per
 * side, editable for seven days, one reply by the reviewed side, hidden (never deleted) by the
 * admin with the reason in the audit log; a stranger learns nothing (404); the rating's threshold.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditLog, TCarrierProfile, TJobReviews, TRequestTrust, TReview } from '@logi/contract';
import { reviews } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';
import { type Party, UNKNOWN, expectError, notificationTypes, party } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast, approvedDelivery } from '../../../test/scenario';
import { completedJob } from './reviews.test-support';

let t: TestApp;
let people: Cast;
let jobId: string;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
  ({
    item: { id: jobId },
  } = await completedJob(t, people.customer, people.driver));
});
afterAll(() => t.close());

const write = (who: Party, requestItemId: string, body: object = {}) =>
  t.call('POST', '/api/v1/reviews', { token: who.token, body: { requestItemId, rating: 4, ...body } });
const edit = (who: Party, id: string, body: object) => t.call('PATCH', `/api/v1/reviews/${id}`, { token: who.token, body });
const reply = (who: Party, id: string, text: string) =>
  t.call('POST', `/api/v1/reviews/${id}/reply`, { token: who.token, body: { reply: text } });
const hide = (who: Party, id: string, reason: string) =>
  t.call('POST', `/api/v1/admin/reviews/${id}/hide`, { token: who.token, body: { reason } });

async function jobReviews(who: Party, requestItemId: string): Promise<TJobReviews> {
  const res = await t.call('GET', `/api/v1/reviews?requestItemId=${requestItemId}`, { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('writing a review (POST /reviews)', () => {
  it('is refused before completion, and to anyone who is not a party of the job', async () => {
    const { item } = await approvedDelivery(t, people.customer, people.driver);
    expectError(await write(people.customer, item.id), 409, 'REVIEW_NOT_OPEN');
    expectError(await write(people.driver, item.id), 409, 'REVIEW_NOT_OPEN');
    expect((await jobReviews(people.customer, item.id)).open).toBe(false);
    expectError(await write(people.otherCustomer, jobId), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await write(people.otherDriver, jobId), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(await write(people.customer, UNKNOWN), 404, 'REQUEST_ITEM_NOT_FOUND');
    expectError(
      await t.call('GET', `/api/v1/reviews?requestItemId=${jobId}`, { token: people.otherCustomer.token }),
      404,
      'REQUEST_ITEM_NOT_FOUND',
    );
  });

  it('lets each side rate the other once, tells the reviewed side, and shows both to both parties', async () => {
    const shipperSays = await write(people.customer, jobId, {
      rating: 5,
      tags: ['PUNCTUAL', 'CAREFUL'],
      comment: '丁寧な対応でした。',
    });
    expect(shipperSays.statusCode, shipperSays.body).toBe(200);
    expect(shipperSays.json()).toMatchObject({
      side: 'SHIPPER',
      rating: 5,
      tags: ['PUNCTUAL', 'CAREFUL'],
      comment: '丁寧な対応でした。',
      reply: null,
      hidden: false,
    });
    expectError(await write(people.customer, jobId, { rating: 1 }), 409, 'REVIEW_ALREADY_WRITTEN');

    // The carrier side: the driver who carried it writes; its manager is the same side.
    expect((await write(people.driver, jobId, { rating: 3, tags: ['LONG_WAIT'] })).statusCode).toBe(200);
    expectError(await write(people.manager, jobId), 409, 'REVIEW_ALREADY_WRITTEN');

    expect(await notificationTypes(t, people.manager, jobId)).toContain('REVIEW_RECEIVED');
    expect(await notificationTypes(t, people.customer, jobId)).toContain('REVIEW_RECEIVED');

    const asShipper = await jobReviews(people.customer, jobId);
    expect(asShipper).toMatchObject({
      mySide: 'SHIPPER',
      open: true,
      mine: { rating: 5 },
      theirs: { rating: 3, tags: ['LONG_WAIT'] },
    });
    const asManager = await jobReviews(people.manager, jobId);
    expect(asManager).toMatchObject({ mySide: 'CARRIER', mine: { rating: 3 }, theirs: { rating: 5 } });
  });

  it('checks the rating, the tags from the fixed list and the 500-character comment', async () => {
    const { item } = await completedJob(t, people.otherCustomer, people.driver);
    for (const body of [{ rating: 0 }, { rating: 6 }, { rating: 4.5 }, { tags: ['NICE'] }, { comment: 'あ'.repeat(501) }]) {
      expectError(await write(people.otherCustomer, item.id, body), 400, 'VALIDATION_FAILED');
    }
    expect((await write(people.otherCustomer, item.id, { comment: 'あ'.repeat(500) })).statusCode).toBe(200);
  });
});

describe('editing, replying and hiding', () => {
  it('lets the author side edit for seven days, then the review is fixed', async () => {
    const { mine } = await jobReviews(people.customer, jobId);
    const changed = await edit(people.customer, mine!.id, { rating: 4, tags: ['PUNCTUAL'], comment: '時間通りでした。' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ rating: 4, tags: ['PUNCTUAL'], comment: '時間通りでした。' });
    // The other side may not edit it; a stranger does not learn it exists.
    expectError(await edit(people.driver, mine!.id, { rating: 1 }), 403, 'REVIEW_ACTION_FORBIDDEN');
    expectError(await edit(people.otherCustomer, mine!.id, { rating: 1 }), 404, 'REVIEW_NOT_FOUND');
    expectError(await edit(people.customer, UNKNOWN, { rating: 1 }), 404, 'REVIEW_NOT_FOUND');

    // Eight days on, it is fixed.
    await t.app.deps.db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 8 * 24 * 60 * 60_000) })
      .where(eq(reviews.id, mine!.id));
    expectError(await edit(people.customer, mine!.id, { rating: 2 }), 409, 'REVIEW_EDIT_CLOSED');
  });

  it('lets the reviewed side reply once, never the author', async () => {
    const { theirs } = await jobReviews(people.manager, jobId);
    expectError(await reply(people.customer, theirs!.id, '自分の投稿への返信'), 403, 'REVIEW_ACTION_FORBIDDEN');
    expectError(await reply(people.otherDriver, theirs!.id, '他社'), 404, 'REVIEW_NOT_FOUND');
    const answered = await reply(people.manager, theirs!.id, 'ありがとうございました。');
    expect(answered.statusCode, answered.body).toBe(200);
    expect((answered.json() as TReview).reply).toBe('ありがとうございました。');
    expectError(await reply(people.driver, theirs!.id, 'もう一度'), 409, 'REVIEW_ALREADY_REPLIED');
    expect((await jobReviews(people.customer, jobId)).mine!.reply).toBe('ありがとうございました。');
  });

  it('lets the admin hide a review with its reason (audit log); it leaves the rating but is never deleted', async () => {
    const { mine } = await jobReviews(people.driver, jobId);
    expectError(await hide(people.customer, mine!.id, '不適切'), 401, 'ADMIN_REQUIRED');
    expectError(await hide(people.admin, UNKNOWN, '不適切'), 404, 'REVIEW_NOT_FOUND');
    const hidden = await hide(people.admin, mine!.id, '個人を特定できる記載があるため');
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json()).toMatchObject({ hidden: true, hiddenReason: '個人を特定できる記載があるため' });
    expectError(await hide(people.admin, mine!.id, 'もう一度'), 409, 'REVIEW_ALREADY_HIDDEN');

    // The reviewed shipper no longer sees it; its author sees it hidden, with the reason.
    expect((await jobReviews(people.customer, jobId)).theirs).toBeNull();
    expect((await jobReviews(people.driver, jobId)).mine).toMatchObject({
      hidden: true,
      hiddenReason: '個人を特定できる記載があるため',
    });
    expect((await jobReviews(people.admin, jobId)).theirs).toMatchObject({ hidden: true });

    const log = await t.call('GET', `/api/v1/admin/audit-log?targetId=${mine!.id}`, { token: people.admin.token });
    expect(log.statusCode, log.body).toBe(200);
    expect((log.json() as TAuditLog).data).toMatchObject([
      { action: 'REVIEW_HIDDEN', targetType: 'REVIEW', after: { hidden: true, reason: '個人を特定できる記載があるため' } },
    ]);
    // Still in the table.
    expect(await t.app.deps.db.select().from(reviews).where(eq(reviews.id, mine!.id))).toHaveLength(1);
  });
});

describe('ratings shown with their count, the average from three reviews on', () => {
  it("shows a carrier's rating on its profile and a shipper's on its requests", async () => {
    const shipper = await party(t, ['CUSTOMER']);
    const carrier = await party(t, ['DRIVER_MANAGER']);
    const profile = async () =>
      ((await t.call('GET', `/api/v1/carriers/${carrier.id}/profile`, { token: shipper.token })).json() as TCarrierProfile)
        .rating;
    const ratings = [5, 4, 4];
    const jobs = [];
    for (const [n, rating] of ratings.entries()) {
      const { item } = await completedJob(t, shipper, carrier);
      jobs.push(item.id);
      expect((await write(shipper, item.id, { rating })).statusCode).toBe(200);
      expect((await write(carrier, item.id, { rating: 2 })).statusCode).toBe(200);
      if (n < 2) expect(await profile()).toEqual({ count: n + 1, average: null });
    }
    // (5 + 4 + 4) / 3 = 4.33 → 4.3.
    expect(await profile()).toEqual({ count: 3, average: 4.3 });
    expect((await t.call('GET', `/api/v1/carriers/${carrier.id}/profile`, { token: shipper.token })).json()).toMatchObject({
      reviews: [{ rating: 4 }, { rating: 4 }, { rating: 5 }],
    });
    const trust = (
      await t.call('GET', `/api/v1/request-items/${jobs[0]}/trust`, { token: carrier.token })
    ).json() as TRequestTrust;
    expect(trust.shipperRating).toEqual({ count: 3, average: 2 });
  });
});
