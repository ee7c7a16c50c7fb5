/**
 * Issue 48 on the demo data (decisions 104, 105, 109): the shipper compares a verified company's bid
 * with an unverified one's, each with its rating and on-time facts; the admin hides a demo review
 * with a reason and it leaves the carrier's public profile; and every issue-48 screen passes axe and
 * fits the screen at 375 px and at 1280 px.
 */
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, apiSignIn, expectToast, screenProblems, signedInPage } from './helpers';

const CUSTOMER = 'customer@demo.example.jp';
const MANAGER2 = 'manager2@demo.example.jp';
const DRIVER1 = 'driver1@demo.example.jp';
const DRIVER2 = 'driver2@demo.example.jp';
const ADMIN = 'admin@demo.example.jp';
const OFFICE_MOVE = 'オフィス什器（デスク・キャビネット）';

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), await res.text()).toBeTruthy();
  return (await res.json()) as T;
}

/** The demo's open office move, which both carrier companies bid on. */
async function officeMoveId(request: APIRequestContext): Promise<string> {
  const list = await json<{ data: { id: string; deliveryItem: { baggageName: string } | null }[] }>(
    await request.get(`/api/v1/request-items/list/public?limit=100&keyword=${encodeURIComponent('オフィス什器')}`),
  );
  return list.data.find((i) => i.deliveryItem?.baggageName === OFFICE_MOVE)!.id;
}

test('on the demo data, the shipper compares a verified company’s bid with an unverified one’s', async ({ browser, request }) => {
  const office = await officeMoveId(request);
  const customer = await signedInPage(browser, 'customer', CUSTOMER);
  await customer.goto(`/shipping-requests/my-items/detail/${office}/candidates/delivery`);
  const rows = customer.getByTestId('candidate-row');
  const verified = rows.filter({ hasText: '株式会社サンプル運輸' });
  const unverified = rows.filter({ hasText: '株式会社ミナト急便' });
  await expect(verified.getByText('認証済み')).toBeVisible();
  await expect(unverified).toBeVisible();
  await expect(unverified.getByText('認証済み')).toHaveCount(0);
  for (const row of [verified, unverified]) {
    await expect(row.getByTestId('rating-summary')).toContainText('★');
    await expect(row.getByTestId('carrier-facts')).toContainText('集荷の定時到着率');
  }
  await expect(unverified.getByTestId('carrier-facts')).toContainText('67%（2/3地点）');
  // The cheaper bid first when sorted by price: the unverified company's.
  await customer.getByRole('combobox', { name: '並び替え' }).selectOption('PRICE');
  await expect(customer).toHaveURL(/sort=PRICE/);
  await expect(rows.first()).toContainText('株式会社ミナト急便');
});

test('the admin hides a demo review with a reason, and it leaves the carrier’s public profile', async ({
  browser,
  playwright,
}, testInfo) => {
  const api = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const manager2 = await apiSignIn(api, MANAGER2, DEMO_PASSWORD, 'DRIVER_MANAGER');
  const carrierId = manager2.user.id;
  await api.dispose();

  // The admin finds 株式会社ミナト急便's reviews and hides the first, with the reason.
  const admin = await signedInPage(browser, 'admin', ADMIN);
  await admin.getByRole('link', { name: 'レビュー管理' }).first().click();
  await expect(admin).toHaveURL(/\/dashboard\/reviews$/);
  await admin.getByPlaceholder('コメント・会社名・メールで検索').fill('ミナト急便');
  await admin.getByPlaceholder('コメント・会社名・メールで検索').press('Enter');
  await expect(admin).toHaveURL(/keyword=/);
  const table = admin.getByRole('region', { name: 'レビュー管理' });
  const row = table.getByRole('row').filter({ hasText: '→ 株式会社ミナト急便' }).filter({ hasText: '表示中' }).first();
  const comment = (await row.getByRole('cell').nth(3).locator('span > span').first().textContent())!;
  expect(comment.length).toBeGreaterThan(0);

  // Before: the public profile lists it.
  const shipper = await signedInPage(browser, 'customer', CUSTOMER);
  await shipper.goto(`/carriers/${carrierId}`);
  const listed = shipper.getByTestId('review').filter({ hasText: comment });
  // Counted once the profile shows it: a count does not wait for the page.
  await expect(listed.first()).toBeVisible();
  const before = await listed.count();

  await row.getByRole('button', { name: /^非表示にする/ }).click();
  const dialog = admin.getByRole('dialog', { name: 'レビューを非表示にする' });
  await dialog.getByLabel('理由（必須・500文字以内）').fill('個人が特定できる記載があるため');
  await dialog.getByRole('button', { name: '非表示にする' }).click();
  await expectToast(admin, 'レビューを非表示にしました');
  await expect(table.getByText('非表示（理由: 個人が特定できる記載があるため）')).toBeVisible();

  // After: one fewer on the public profile.
  await shipper.reload();
  await expect(shipper.getByRole('heading', { name: '株式会社ミナト急便' })).toBeVisible();
  await expect(listed).toHaveCount(before - 1);

  // The audit log has it.
  await admin.goto('/dashboard/audit-log');
  await expect(admin.getByRole('cell', { name: 'レビューの非表示' }).first()).toBeVisible();
});

test('the issue-48 screens pass axe and fit at 375 px and 1280 px', async ({ browser, request }) => {
  test.setTimeout(300_000);
  const office = await officeMoveId(request);
  const customerApi = await apiSignIn(request, CUSTOMER, DEMO_PASSWORD, 'CUSTOMER');
  const adminApi = await apiSignIn(request, ADMIN, DEMO_PASSWORD, 'ADMIN');
  const driver1Api = await apiSignIn(request, DRIVER1, DEMO_PASSWORD, 'DRIVER');
  const manager2 = await apiSignIn(request, MANAGER2, DEMO_PASSWORD, 'DRIVER_MANAGER');
  const queue = await json<{ data: { companyId: string; companyName: string }[] }>(
    await adminApi.get('/admin/carrier-verifications?limit=20'),
  );
  const pending = queue.data.find((r) => r.companyName === '株式会社ミナト急便')!;
  // A completed job driver1 has not reviewed yet: its review form.
  const applied = await json<{ data: { id: string; status: string }[] }>(
    await driver1Api.get('/request-items/applied-items?limit=50'),
  );
  let unreviewed: string | undefined;
  for (const job of applied.data.filter((i) => i.status === 'COMPLETED')) {
    const reviews = await json<{ mine: unknown; open: boolean }>(await driver1Api.get(`/reviews?requestItemId=${job.id}`));
    if (reviews.open && !reviews.mine) {
      unreviewed = job.id;
      break;
    }
  }
  expect(unreviewed).toBeTruthy();
  void customerApi;

  const screens: { who: [string, string]; path: string; screen: string; ready?: (page: Page) => Promise<void> }[] = [
    { who: ['driver-manager', MANAGER2], path: '/my-page/verification', screen: '認証の申請（ドライバー管理者）' },
    { who: ['admin', ADMIN], path: '/dashboard/carrier-verifications', screen: '認証の審査一覧' },
    { who: ['admin', ADMIN], path: `/dashboard/carrier-verifications/${pending.companyId}`, screen: '認証の審査' },
    { who: ['admin', ADMIN], path: '/dashboard/reviews', screen: 'レビュー管理' },
    {
      who: ['customer', CUSTOMER],
      path: `/shipping-requests/my-items/detail/${office}/candidates/delivery`,
      screen: '応募者一覧（認証・評価・実績）',
      ready: (page) => expect(page.getByTestId('carrier-facts').first()).toBeVisible(),
    },
    {
      who: ['customer', CUSTOMER],
      path: `/carriers/${manager2.user.id}`,
      screen: '運送会社の実績と評価',
      ready: (page) => expect(page.getByTestId('review').first()).toBeVisible(),
    },
    {
      who: ['driver', DRIVER1],
      path: `/shipping-requests/applied-items/detail/${unreviewed}`,
      screen: '評価の投稿',
      ready: (page) => expect(page.getByRole('button', { name: '評価を投稿' })).toBeVisible(),
    },
    {
      who: ['driver', DRIVER2],
      path: `/shipping-requests/detail/${office}`,
      screen: '依頼詳細（荷待ち実績）',
      ready: (page) => expect(page.getByTestId('site-waiting').first()).toContainText('平均荷待ち'),
    },
  ];
  const findings: string[] = [];
  const pages = new Map<string, Page>();
  for (const s of screens) {
    const key = s.who.join(':');
    if (!pages.has(key)) pages.set(key, await signedInPage(browser, s.who[0], s.who[1]));
    const page = pages.get(key)!;
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(s.path);
      if (s.ready) await s.ready(page);
      findings.push(...(await screenProblems(page, `${s.screen} @${width}px`)));
    }
  }
  expect(findings.join('\n')).toBe('');
});
