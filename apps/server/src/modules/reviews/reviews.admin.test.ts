/**
 * The back office's reviews (decisions 105, 109): the admin's list of every review, filtered by
 * rating, visibility and a keyword and paged in SQL; hiding and showing again, each with its
 * reason in the audit log. Anyone but the admin is refused as every admin route refuses it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminReviewList, TAuditLog, TCarrierProfile, TReview } from '@logi/contract';
import type { TestApp } from '../../../test/helpers';
import { type Party, UNKNOWN, expectError } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';
import { completedJob } from './reviews.test-support';

let t: TestApp;
let people: Cast;
const written: Record<string, TReview> = {};

const write = async (who: Party, requestItemId: string, body: object) => {
  const res = await t.call('POST', '/api/v1/reviews', { token: who.token, body: { requestItemId, ...body } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TReview;
};
const list = (who: Party | undefined, query = '') => t.call('GET', `/api/v1/admin/reviews${query}`, { token: who?.token });
const listed = async (query = '') => {
  const res = await list(people.admin, query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as TAdminReviewList;
};
const hide = (who: Party, id: string, reason: string) =>
  t.call('POST', `/api/v1/admin/reviews/${id}/hide`, { token: who.token, body: { reason } });
const show = (who: Party, id: string, reason: string) =>
  t.call('POST', `/api/v1/admin/reviews/${id}/show`, { token: who.token, body: { reason } });

beforeAll(async () => {
  ({ t, people } = await appWithCast());
  const first = await completedJob(t, people.customer, people.driver);
  written.byShipper = await write(people.customer, first.item.id, { rating: 5, comment: '丁寧な対応でした。' });
  written.byCarrier = await write(people.driver, first.item.id, {
    rating: 2,
    tags: ['LONG_WAIT'],
    comment: '荷待ちが長かった。',
  });
  const second = await completedJob(t, people.customer, people.driver);
  written.second = await write(people.customer, second.item.id, { rating: 3 });
}, 120_000);
afterAll(() => t.close());

describe('GET /admin/reviews', () => {
  it('lists every review, newest first, with who wrote it and who it is about', async () => {
    const page = await listed();
    expect(page.meta).toMatchObject({ totalCount: 3, currentPage: 1, isLastPage: true });
    expect(page.data.map((r) => r.id)).toEqual([written.second!.id, written.byCarrier!.id, written.byShipper!.id]);
    const byCarrier = page.data.find((r) => r.id === written.byCarrier!.id)!;
    expect(byCarrier).toMatchObject({ side: 'CARRIER', rating: 2, tags: ['LONG_WAIT'], hidden: false, hiddenAt: null });
    const byShipper = page.data.find((r) => r.id === written.byShipper!.id)!;
    // The shipper's review is about the driver's company (its manager), the carrier's about the shipper.
    expect(byShipper.subjectName).toBe(byCarrier.authorName);
    expect(byCarrier.subjectName).toBe(byShipper.authorName);
  });

  it('filters by rating, visibility and a keyword (comment or party), and pages', async () => {
    expect((await listed('?rating=2')).data.map((r) => r.id)).toEqual([written.byCarrier!.id]);
    expect((await listed('?visibility=HIDDEN')).data).toEqual([]);
    expect((await listed('?visibility=VISIBLE')).meta.totalCount).toBe(3);
    expect((await listed(`?keyword=${encodeURIComponent('荷待ち')}`)).data.map((r) => r.id)).toEqual([written.byCarrier!.id]);
    // The keyword finds a party by its e-mail: the shipper wrote two and was rated once.
    expect((await listed(`?keyword=${encodeURIComponent(people.customer.email)}`)).meta.totalCount).toBe(3);
    expect((await listed('?keyword=100%25')).data).toEqual([]);
    const second = await listed('?limit=2&page=2');
    expect(second.meta).toMatchObject({ totalCount: 3, pageCount: 2, currentPage: 2, isLastPage: true });
    expect(second.data.map((r) => r.id)).toEqual([written.byShipper!.id]);
  });

  it('refuses a bad filter (400) and anyone but the admin', async () => {
    expectError(await list(people.admin, '?rating=6'), 400, 'VALIDATION_FAILED');
    expectError(await list(people.admin, '?visibility=GONE'), 400, 'VALIDATION_FAILED');
    for (const who of [people.customer, people.manager, people.driver]) {
      expectError(await list(who), 401, 'ADMIN_REQUIRED');
    }
    expectError(await list(undefined), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /admin/reviews/{id}/show', () => {
  it('shows a hidden review again with the reason in the audit log; it counts again on the profile', async () => {
    const id = written.byShipper!.id;
    expectError(await show(people.admin, id, '誤って非表示'), 409, 'REVIEW_NOT_HIDDEN');
    expect((await hide(people.admin, id, '連絡先の記載')).statusCode).toBe(200);
    expect((await listed('?visibility=HIDDEN')).data).toMatchObject([{ id, hidden: true, hiddenReason: '連絡先の記載' }]);
    const profile = async () =>
      (
        await t.call('GET', `/api/v1/carriers/${people.manager.id}/profile`, { token: people.customer.token })
      ).json() as TCarrierProfile;
    expect((await profile()).reviews.map((r) => r.id)).not.toContain(id);

    expectError(await show(people.customer, id, '再表示'), 401, 'ADMIN_REQUIRED');
    expectError(await show(people.admin, UNKNOWN, '再表示'), 404, 'REVIEW_NOT_FOUND');
    expectError(await show(people.admin, id, ''), 400, 'VALIDATION_FAILED');
    const shown = await show(people.admin, id, '記載が削除されたことを確認');
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json()).toMatchObject({ id, hidden: false, hiddenReason: null });
    expect((await profile()).reviews.map((r) => r.id)).toContain(id);
    expectError(await show(people.admin, id, 'もう一度'), 409, 'REVIEW_NOT_HIDDEN');

    const log = await t.call('GET', `/api/v1/admin/audit-log?targetId=${id}`, { token: people.admin.token });
    expect(log.statusCode, log.body).toBe(200);
    const actions = (log.json() as TAuditLog).data.map((e) => ({ action: e.action, after: e.after }));
    expect(actions).toEqual(
      expect.arrayContaining([
        { action: 'REVIEW_HIDDEN', after: { hidden: true, reason: '連絡先の記載' } },
        { action: 'REVIEW_SHOWN', after: { hidden: false, reason: '記載が削除されたことを確認' } },
      ]),
    );
  });
});
