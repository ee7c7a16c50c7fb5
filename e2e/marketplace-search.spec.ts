/**
 * The carrier's way to a request: home → quick filter → results → detail → bid through the
 * confirm dialog → applied/delivery with the toast. The request is posted through the API by
 * the demo customer (the posting screen is covered by its own journey).
 */
import { type APIRequestContext, expect, request as playwrightRequest, test } from '@playwright/test';
import { DEMO_PASSWORD, expectToast, signIn, jst } from './helpers';

const CSRF = 'e2e-marketplace-search';
const baggageName = `冷凍食品E2E-${Date.now()}`;
let requestItemId = '';

// Times show in the device's zone; a Japanese carrier's device is on Japan time.
test.use({ timezoneId: 'Asia/Tokyo' });

const address = (prefecture: string, city: string, town: string) => ({ prefecture, city, town, block: '1-1' });

async function postDelivery(api: APIRequestContext) {
  const login = await api.post('/api/v1/auth/login', {
    data: { email: 'customer@demo.example.jp', password: DEMO_PASSWORD, role: 'CUSTOMER' },
  });
  expect(login.ok()).toBe(true);
  const { accessToken } = (await login.json()) as { accessToken: string };
  const created = await api.post('/api/v1/request-items/deliveries', {
    headers: { authorization: `Bearer ${accessToken}` },
    data: {
      vehicleType: 'COOL_TRUCK',
      vehicleTemperatureRange: 'FROZEN',
      baggageName,
      totalWeight: 850.5,
      material: '発泡スチロール',
      weight: 8.5,
      totalAmount: 100,
      size: '80サイズ',
      message: '午前中の集荷をお願いします。',
      transports: [
        {
          transportType: 'PICKUP',
          ...address('東京都', '江東区', '青海'),
          name: '倉庫担当 佐藤',
          phone: '0312345678',
          timeFrom: jst(1, 9),
          timeTo: jst(1, 12),
          elevator: 'YES',
        },
        {
          transportType: 'TRANSIT',
          ...address('埼玉県', 'さいたま市大宮区', '桜木町'),
          timeFrom: jst(1, 14),
          timeTo: jst(1, 15),
          elevator: 'NOT_NEEDED',
        },
        {
          transportType: 'DELIVERY',
          ...address('神奈川県', '横浜市西区', '高島'),
          timeFrom: jst(2, 9),
          timeTo: jst(2, 11),
          elevator: 'NO',
        },
      ],
    },
  });
  expect(created.status()).toBe(201);
  requestItemId = ((await created.json()) as { id: string }).id;
}

test.beforeAll(async ({ baseURL }) => {
  const api = await playwrightRequest.newContext({
    baseURL,
    extraHTTPHeaders: { 'x-csrf-token': CSRF, cookie: `csrf-token=${CSRF}`, 'accept-language': 'ja' },
  });
  await postDelivery(api);
  await api.dispose();
});

test('driver1 finds a request through a quick filter, bids through the dialog and lands on applied/delivery', async ({
  page,
}) => {
  await signIn(page, 'driver', 'driver1@demo.example.jp', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: '運べる案件を、すぐに見つける' })).toBeVisible();

  await page.getByRole('link', { name: '集荷日が近い', exact: true }).click();
  await expect(page).toHaveURL(/\/shipping-requests\/results\?isNearDate=true$/);
  await expect(page.getByRole('button', { name: '条件「集荷日が近い」を外す' })).toBeVisible();
  const row = page.getByTestId('request-row').filter({ hasText: baggageName });
  await expect(row).toContainText('東京都江東区 → 神奈川県横浜市西区');
  await row.click();

  await expect(page).toHaveURL(new RegExp(`/shipping-requests/detail/${requestItemId}$`));
  await expect(page.getByRole('heading', { level: 1, name: '東京都江東区 → 神奈川県横浜市西区' })).toBeVisible();
  await expect(page.getByTestId('stop-label')).toHaveText(['集荷', '経由1', '配達']);
  await expect(page.getByText('850.5kg', { exact: true })).toBeVisible();
  await expect(page.getByText('荷主の連絡先・メッセージ・番地は、依頼が承認された後に表示されます。')).toBeVisible();

  await page.getByRole('link', { name: '見積もり価格を提示して応募' }).click();
  await expect(page).toHaveURL(new RegExp(`/shipping-requests/detail/${requestItemId}/price-estimation$`));
  await page.getByLabel(/見積もり価格（円）/).fill('38000');
  await page.getByRole('button', { name: '確認へ進む' }).click();
  const dialog = page.getByRole('dialog', { name: '見積もり価格を送信しますか？' });
  await expect(dialog).toContainText('合計（税込）41,800円で荷主様へ応募します。');
  await dialog.getByRole('button', { name: '送信する' }).click();

  await expect(page).toHaveURL(/\/shipping-requests\/applied\/delivery$/);
  await expectToast(page, '依頼を荷主様へ送信しました。');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: '依頼を荷主様へ送信しました' })).toBeVisible();

  // back on the detail, the driver sees the application
  await page.goto(`/shipping-requests/detail/${requestItemId}`);
  await expect(page.getByTestId('applied-note')).toBeVisible();
});

// Home, results and detail are captured by marketplace-journey.spec.ts (journey-<screen>-<width>.png).
test('screenshots of the filter page at 375 and 1280 px', async ({ page }) => {
  await signIn(page, 'driver', 'driver2@demo.example.jp', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/shipping-requests/filter?isNearDate=true&pickupLocation=東京都江東区');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: `test-results/artifacts/filter-${width}.png`, fullPage: true });
  }
});
