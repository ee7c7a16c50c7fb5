/**
 * A verified carrier (issue 48 part 1, decision 104): a new carrier company's manager submits its
 * documents from its my-page, the admin confirms them from the back office's queue, and the
 * shipper sees 認証済み on that company's bid in its candidates list.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  apiSignIn,
  expectToast,
  registerDriverManagerByApi,
  signIn,
  todayInJapan,
  tokyoOsakaStop,
  uniqueEmail,
} from './helpers';

const CERTIFICATE = path.join(import.meta.dirname, 'fixtures', 'baggage.png');
const BAGGAGE = '認証テスト用の精密機器';

test('a manager submits its documents, the admin verifies them, the badge shows on its bid', async ({
  browser,
  playwright,
  baseURL,
}) => {
  const email = uniqueEmail('verify-manager');
  const api = await playwright.request.newContext({ baseURL });
  await registerDriverManagerByApi(api, email, DEMO_PASSWORD);

  // The manager submits its permit, insurance and 登録番号 (申請中).
  const managerContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Tokyo' });
  const manager = await managerContext.newPage();
  await signIn(manager, 'driver-manager', email, DEMO_PASSWORD);
  await expect(manager).toHaveURL('/', { timeout: 30_000 });
  await manager.goto('/my-page');
  await manager.getByRole('link', { name: '運送会社の認証' }).click();
  await expect(manager).toHaveURL(/\/my-page\/verification$/);
  await expect(manager.getByTestId('verification-status')).toHaveText('未申請');
  const form = manager.getByRole('form', { name: '運送会社の認証' });
  await form.getByLabel(/^許可番号・届出番号/).fill('関自貨第777号');
  await form.getByLabel(/^登録番号/).fill('T2876543210987');
  await form.getByLabel(/^保険会社/).fill('サンプル損害保険株式会社');
  await form.getByLabel(/^補償額/).fill('10000000');
  await form.getByRole('button', { name: /保険の有効期限/ }).click();
  await manager
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(todayInJapan()) })
    .click();
  await form.locator('input[type=file]').setInputFiles(CERTIFICATE);
  await expect(form.getByText('baggage.png')).toBeVisible();
  await form.getByRole('button', { name: '申請する' }).click();
  await expectToast(manager, '認証を申請しました。運営の確認をお待ちください。');
  await expect(manager.getByTestId('verification-status')).toHaveText('申請中');

  // The admin finds it among the pending ones and confirms it.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Tokyo' });
  const admin = await adminContext.newPage();
  await signIn(admin, 'admin', 'admin@demo.example.jp', DEMO_PASSWORD);
  await expect(admin).toHaveURL(/\/dashboard/, { timeout: 30_000 });
  await admin.goto('/dashboard/carrier-verifications?status=PENDING');
  await admin.getByRole('link', { name: '斎藤運輸株式会社' }).first().click();
  await expect(admin).toHaveURL(/\/dashboard\/carrier-verifications\/[0-9a-f-]{36}$/);
  const documents = admin.getByRole('region', { name: '提出書類' });
  await expect(documents).toContainText('関自貨第777号');
  await expect(documents).toContainText('10,000,000円');
  await expect(documents).toContainText('baggage.png');
  await admin.getByRole('button', { name: '確認済にする' }).click();
  await expectToast(admin, '審査結果を保存しました。');
  await expect(admin.getByTestId('verified-badge')).toBeVisible();

  // The manager's company bids on the demo shipper's request; the shipper sees the badge on it.
  const customerApi = await apiSignIn(api, 'customer@demo.example.jp', DEMO_PASSWORD, 'CUSTOMER');
  const created = await customerApi.post('/request-items/deliveries', {
    vehicleType: 'FOUR_T_TRUCK',
    vehicleTemperatureRange: 'ROOM',
    baggageName: BAGGAGE,
    totalWeight: 800,
    verifiedCarriersOnly: true,
    transports: [tokyoOsakaStop('PICKUP', 5), tokyoOsakaStop('DELIVERY', 6)],
  });
  expect(created.status(), await created.text()).toBe(201);
  const requestItemId = (await created.json()).id as string;
  const carrierApi = await apiSignIn(api, email, DEMO_PASSWORD, 'DRIVER_MANAGER');
  const bid = await carrierApi.post('/request-items/request-prices', { requestItemId, price: 88000 });
  expect(bid.ok(), await bid.text()).toBeTruthy();
  await api.dispose();

  const shipper = await browser.newPage({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Tokyo' });
  await signIn(shipper, 'customer', 'customer@demo.example.jp', DEMO_PASSWORD);
  await expect(shipper).toHaveURL(/\/shipping-requests\/my-items$/);
  await shipper.goto(`/shipping-requests/my-items/detail/${requestItemId}/candidates/delivery`);
  const row = shipper.getByTestId('candidate-row').filter({ hasText: '斎藤運輸株式会社' });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('verified-badge')).toHaveText('認証済み');
  await managerContext.close();
  await adminContext.close();
});
