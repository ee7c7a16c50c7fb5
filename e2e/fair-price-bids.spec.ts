/**
 * The fair-price meter on bids (issue 45, decision 100) through the UI on the demo data: a carrier
 * sees its bid as a share of the request's 標準的運賃 as it types it and in the confirm dialog;
 * the shipper sees each candidate's share and opens the breakdown it was measured against.
 * The request and the other carrier's bid (at its own distance) are made through the HTTP API; the
 * demo's completed jobs give its open office move the market's lane prices.
 */
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, apiSignIn, expectToast, signIn } from './helpers';

test.use({ timezoneId: 'Asia/Tokyo' });
// One story: the shipper's step reads the carrier's bid (and a retry would post a new request).
test.describe.configure({ mode: 'serial' });
const run = Date.now().toString(36);
const BAGGAGE = `標準的運賃の比較-${run}`;
let requestItemId = '';
/** The request's standard fare excluding tax, as its detail gives it. */
let standardSubtotal = 0;
/** driver2's bid, measured at the distance it stated. */
const OTHER = { price: 150_000, distanceKm: 520 };
let otherPercent = 0;

const at = (days: number, hour: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T${String(hour).padStart(2, '0')}:00:00+09:00`;
};

test.beforeAll(async ({ playwright }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const request = await playwright.request.newContext({ baseURL });
  const customer = await apiSignIn(request, 'customer@demo.example.jp', DEMO_PASSWORD, 'CUSTOMER');
  const created = await customer.post('/request-items/deliveries', {
    vehicleType: 'FOUR_T_TRUCK',
    vehicleTemperatureRange: 'ROOM',
    baggageName: BAGGAGE,
    totalWeight: 3000,
    transports: [
      {
        transportType: 'PICKUP',
        prefecture: '東京都',
        city: '千代田区',
        town: '丸の内',
        block: '1-1',
        timeFrom: at(6, 9),
        timeTo: at(6, 10),
        elevator: 'YES',
      },
      {
        transportType: 'DELIVERY',
        prefecture: '大阪府',
        city: '大阪市北区',
        town: '梅田',
        block: '3-1',
        timeFrom: at(6, 18),
        timeTo: at(6, 20),
        elevator: 'YES',
      },
    ],
  });
  expect(created.status(), await created.text()).toBe(201);
  const item = await created.json();
  requestItemId = item.id;
  expect(item.standardFare.covered).toBe(true);
  standardSubtotal = item.standardFare.subtotal;

  const context = await playwright.request.newContext({ baseURL });
  const driver2 = await apiSignIn(context, 'driver2@demo.example.jp', DEMO_PASSWORD, 'DRIVER');
  const bid = await driver2.post('/request-items/request-prices', { requestItemId, ...OTHER });
  expect(bid.ok(), await bid.text()).toBeTruthy();
  const fare = await driver2.get(`/candidates/${(await bid.json()).candidate.id}/standard-fare`);
  expect(fare.ok(), await fare.text()).toBeTruthy();
  otherPercent = (await fare.json()).share.percent;
  await context.dispose();
  await request.dispose();
});

test('a carrier sees its bid as a share of the standard fare as it types and in the confirm dialog', async ({ page }) => {
  await signIn(page, 'driver', 'driver1@demo.example.jp', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/sign-in/);
  await page.goto(`/shipping-requests/detail/${requestItemId}`);
  // Beside the price: the standard fare, with its breakdown a tap away.
  const section = page.getByTestId('standard-fare-section');
  await expect(section.getByTestId('standard-fare')).toContainText(`${standardSubtotal.toLocaleString('ja-JP')}円（税抜）`);
  await section.getByText('標準的運賃の内訳').click();
  await expect(section.getByTestId('standard-fare-breakdown')).toContainText('合計（税込）');
  await expect(section.getByTestId('lane-prices')).toBeVisible();

  await page.getByRole('link', { name: '見積もり価格を提示して応募' }).click();
  await expect(page).toHaveURL(new RegExp(`/shipping-requests/detail/${requestItemId}/price-estimation$`));
  const price = Math.round(standardSubtotal * 0.87);
  await page.getByLabel(/見積もり価格（円）/).fill(String(price));
  const live = page.getByTestId('live-fare-share');
  await expect(live).toHaveText(`標準的運賃の${Math.round((price * 100) / standardSubtotal)}%`);
  await expect(live).toHaveText('標準的運賃の87%');
  await page.getByRole('button', { name: '確認へ進む' }).click();
  const dialog = page.getByRole('dialog', { name: '見積もり価格を送信しますか？' });
  await expect(dialog.getByTestId('confirm-fare-share')).toHaveText('標準的運賃の87%');
  await dialog.getByRole('button', { name: '送信する' }).click();
  await expect(page).toHaveURL(/\/shipping-requests\/applied\/delivery$/);
  await expectToast(page, '依頼を荷主様へ送信しました。');
  // Its applied list shows the share on its bid.
  await page.getByRole('link', { name: '応募した案件を見る' }).click();
  await expect(page.getByTestId('request-row').filter({ hasText: BAGGAGE }).getByTestId('fare-share')).toHaveText(
    '標準的運賃の87%',
  );
});

test('the shipper sees each candidate’s share of the standard fare, and the breakdown behind it', async ({ page }) => {
  await signIn(page, 'customer', 'customer@demo.example.jp', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/shipping-requests\/my-items$/);
  await page.goto(`/shipping-requests/my-items/detail/${requestItemId}/candidates/delivery`);
  const rows = page.getByTestId('candidate-row');
  await expect(rows).toHaveCount(2);
  const mine = rows.filter({ hasText: `${Math.round(standardSubtotal * 0.87).toLocaleString('ja-JP')}円` });
  await expect(mine.getByTestId('fare-share')).toHaveText('標準的運賃の87%');
  const other = rows.filter({ hasText: '150,000円' });
  await expect(other.getByTestId('fare-share')).toHaveText(`標準的運賃の${otherPercent}%申告距離 520km で計算`);
  await other.getByText(/の標準的運賃の内訳$/).click();
  const breakdown = other.getByTestId('standard-fare-breakdown');
  await expect(breakdown).toContainText('520km');
  await expect(breakdown).toContainText('合計（税込）');
});

test('on the demo data, a carrier sees what the market paid on the open office move’s lane', async ({ page }) => {
  // The demo's estimation request for a 2t office move, 東京都 → 神奈川県: its lane has the demo's
  // completed jobs (decision 103), at least five, so the prices show with their count.
  const list = await page.request.get(
    `/api/v1/request-items/list/public?limit=100&keyword=${encodeURIComponent('オフィス什器')}`,
  );
  expect(list.ok(), await list.text()).toBeTruthy();
  const office = ((await list.json()).data as { id: string; deliveryItem: { baggageName: string } | null }[]).find(
    (i) => i.deliveryItem?.baggageName === 'オフィス什器（デスク・キャビネット）',
  )!;
  expect(office).toBeTruthy();
  await signIn(page, 'driver', 'driver2@demo.example.jp', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/sign-in/);
  await page.goto(`/shipping-requests/detail/${office.id}`);
  const prices = page.getByTestId('standard-fare-section').getByTestId('lane-prices');
  await expect(prices.getByRole('heading', { name: '同じ区間の成約価格' })).toBeVisible();
  await expect(prices).toContainText('中央値');
  const count = prices.getByText(/^\d+件$/);
  await expect(count).toBeVisible();
  expect(Number((await count.textContent())!.replace('件', ''))).toBeGreaterThanOrEqual(5);
});
