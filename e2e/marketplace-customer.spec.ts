/**
 * The customer's side of the marketplace through the UI, what marketplace-journey.spec.ts does
 * not look at: my requests with their counts, the candidates list with the chosen and the not
 * chosen one, the next-step texts, and screenshots of these screens at 375 and 1280 px.
 * The request and the drivers' bids are made beforehand through the HTTP API (posting, applying,
 * cancel, delete and the guard are in the journey).
 */
import { mkdirSync } from 'node:fs';
import { type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, apiSignIn, expectToast, signIn } from './helpers';

const ARTIFACTS = 'test-results/artifacts';
// Stop times are shown in the device's time zone: a Japanese customer's.
test.use({ timezoneId: 'Asia/Tokyo' });
const run = Date.now().toString(36);
/** Baggage names that find this run's requests among the demo data. */
const BAGGAGE = { approve: `承認用の精密機器-${run}` };
const ids: Record<keyof typeof BAGGAGE, string> = { approve: '' };

const at = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00:00+09:00`;
};

const delivery = (baggageName: string) => ({
  vehicleType: 'FOUR_T_TRUCK',
  vehicleTemperatureRange: 'ROOM',
  baggageName,
  totalWeight: 850,
  totalAmount: 12,
  message: '午前中の集荷を希望します。',
  transports: [
    {
      transportType: 'PICKUP',
      prefecture: '東京都',
      city: '江東区',
      town: '有明',
      block: '3-1',
      timeFrom: at(5, 9),
      timeTo: at(5, 12),
      elevator: 'YES',
    },
    {
      transportType: 'TRANSIT',
      prefecture: '神奈川県',
      city: '川崎市川崎区',
      town: '駅前本町',
      block: '1-2',
      timeFrom: at(5, 13),
      timeTo: at(5, 14),
      elevator: 'NOT_NEEDED',
    },
    {
      transportType: 'DELIVERY',
      prefecture: '神奈川県',
      city: '横浜市西区',
      town: 'みなとみらい',
      block: '2-3',
      timeFrom: at(5, 15),
      timeTo: at(5, 18),
      elevator: 'NO',
    },
  ],
});

test.beforeAll(async ({ playwright }, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const customer = await apiSignIn(request, 'customer@demo.example.jp', DEMO_PASSWORD, 'CUSTOMER');
  const created = await customer.post('/request-items/deliveries', delivery(BAGGAGE.approve));
  expect(created.status(), await created.text()).toBe(201);
  ids.approve = (await created.json()).id;
  // Two bids on the one to approve: the chosen one and one that is not chosen.
  const bids = [
    ['driver1@demo.example.jp', DEMO_PASSWORD, 38000],
    ['driver2@demo.example.jp', DEMO_PASSWORD, 41000],
  ] as const;
  for (const [email, password, price] of bids) {
    const context = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
    const driver = await apiSignIn(context, email, password, 'DRIVER');
    const bid = await driver.post('/request-items/request-prices', { requestItemId: ids.approve, price });
    expect(bid.ok(), await bid.text()).toBeTruthy();
    await context.dispose();
  }
  await request.dispose();
  mkdirSync(ARTIFACTS, { recursive: true });
});

/** A full-page screenshot at phone and desktop widths, back at desktop afterwards. */
async function shoot(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: `${ARTIFACTS}/${name}-${width}.png`, fullPage: true });
  }
}

const row = (page: Page, key: keyof typeof BAGGAGE) => page.getByTestId('request-row').filter({ hasText: BAGGAGE[key] });

test('the customer reviews a request and its candidates, approves one; the other is not chosen', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'customer', 'customer@demo.example.jp', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/shipping-requests\/my-items$/);
  await expect(page.getByRole('heading', { name: '依頼一覧' })).toBeVisible();
  await expect(row(page, 'approve')).toBeVisible();
  await expect(row(page, 'approve')).toContainText('応募 2件');
  await expect(row(page, 'approve').getByTestId('status-badge')).toHaveText('承認待ち');
  await shoot(page, 'my-items');

  // the detail: what to do next, the candidates, the stops with their labels
  await row(page, 'approve').click();
  await expect(page).toHaveURL(new RegExp(`/shipping-requests/my-items/detail/${ids.approve}$`));
  await expect(page.getByTestId('next-step')).toHaveText('候補者を承認してください');
  await expect(page.getByTestId('stop-label')).toHaveText(['集荷', '経由1', '配達']);
  await expect(page.getByRole('button', { name: '依頼をキャンセル' })).toBeVisible();
  await expect(page.getByRole('button', { name: '依頼を削除' })).toBeVisible();
  await expect(page.getByRole('button', { name: '打ち合わせ完了' })).toHaveCount(0);
  await shoot(page, 'my-item-detail');

  // the candidates, then approve driver1's bid
  await page.getByRole('link', { name: /2件の応募/ }).click();
  await expect(page).toHaveURL(new RegExp(`/my-items/detail/${ids.approve}/candidates/delivery$`));
  const candidates = page.getByTestId('candidate-row');
  await expect(candidates).toHaveCount(2);
  const chosen = candidates.filter({ hasText: '38,000円' });
  await expect(chosen.getByTestId('candidate-status')).toHaveText('応募中');
  await shoot(page, 'candidates');

  await chosen.getByRole('link', { name: /詳細を見る/ }).click();
  await expect(page).toHaveURL(new RegExp(`/candidates/delivery/detail/[\\w-]+$`));
  await expect(page.getByTestId('candidate-detail')).toContainText('driver1@demo.example.jp');
  await page.getByTestId('candidate-detail').getByRole('button', { name: 'この応募者を承認' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '承認する' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-items/detail/${ids.approve}/candidates/delivery/approved$`));
  await expectToast(page, 'ステータスを更新しました');
  await expect(page.getByRole('heading', { name: '応募者を承認しました' })).toBeVisible();
  const talkroom = page.getByRole('link', { name: 'トークルームを開く' });
  await expect(talkroom).toHaveAttribute('href', new RegExp(`/shipping-requests/detail/${ids.approve}/talkrooms/[\\w-]+$`));
  await shoot(page, 'candidates-approved');

  // the other candidate now shows as not chosen; the detail moves on to the meeting
  await page.goto(`/shipping-requests/my-items/detail/${ids.approve}/candidates`);
  await expect(candidates.filter({ hasText: '41,000円' }).getByTestId('candidate-status')).toHaveText('見送り');
  await expect(candidates.filter({ hasText: '38,000円' }).getByTestId('candidate-status')).toHaveText('承認済み');
  await page.getByRole('link', { name: '依頼の詳細へ戻る' }).click();
  await expect(page.getByTestId('next-step')).toHaveText('トークルームで打ち合わせをしてください');
  await expect(page.getByRole('button', { name: '打ち合わせ完了' })).toBeVisible();
  await expect(page.getByRole('button', { name: '依頼を削除' })).toHaveCount(0);
  await shoot(page, 'my-item-detail-approved');
});
