/**
 * The talkroom and the delivery report end to end (issue 5 items 6–7, issue 6 item 4): a customer
 * and driver1 side by side in two browser contexts. The deal up to approval is made through the
 * HTTP API (its screens are other journeys); then, through the UI only: both open the talkroom,
 * messages appear on the other side without a reload, both press meeting complete, and the driver
 * uploads the three report images and sees that the report awaits the customer's approval.
 */
import path from 'node:path';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, apiSignIn, expectToast, signIn } from './helpers';

const CUSTOMER = 'customer@demo.example.jp';
const DRIVER = 'driver1@demo.example.jp';
const ARTIFACTS = 'test-results/artifacts';
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);

/** An instant `days` from now at `hour`:00 in Japan. */
function jst(days: number, hour: number) {
  const date = new Date(Date.now() + days * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
  return `${date}T${String(hour).padStart(2, '0')}:00:00+09:00`;
}

let requestItemId = '';
let talkroomId = '';

test.beforeAll(async ({ playwright }) => {
  const baseURL = test.info().project.use.baseURL;
  const customerApi = await apiSignIn(await playwright.request.newContext({ baseURL }), CUSTOMER, DEMO_PASSWORD, 'CUSTOMER');
  const driverApi = await apiSignIn(await playwright.request.newContext({ baseURL }), DRIVER, DEMO_PASSWORD, 'DRIVER');

  const created = await customerApi.post('/request-items/deliveries', {
    vehicleType: 'TWO_T_TRUCK',
    vehicleTemperatureRange: 'ROOM',
    baggageName: '精密機器（トークルーム検証）',
    totalWeight: 120,
    transports: [
      {
        transportType: 'PICKUP',
        prefecture: '東京都',
        city: '千代田区',
        town: '丸の内',
        block: '1-1',
        timeFrom: jst(2, 9),
        timeTo: jst(2, 11),
        elevator: 'YES',
      },
      {
        transportType: 'DELIVERY',
        prefecture: '神奈川県',
        city: '横浜市西区',
        town: 'みなとみらい',
        block: '2-2',
        timeFrom: jst(2, 14),
        timeTo: jst(2, 17),
        elevator: 'NO',
      },
    ],
  });
  expect(created.ok(), await created.text()).toBeTruthy();
  requestItemId = (await created.json()).id;

  const bid = await driverApi.post('/request-items/request-prices', { requestItemId, price: 28_000 });
  expect(bid.ok(), await bid.text()).toBeTruthy();
  const { candidate } = await bid.json();
  talkroomId = candidate.talkroom.id;

  const approved = await customerApi.post(`/candidates/${candidate.id}/approve`, { requestItemId });
  expect(approved.ok(), await approved.text()).toBeTruthy();
});

async function signedIn(browser: Browser, slug: string, email: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await signIn(page, slug, email, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
  return page;
}

const conversation = (page: Page) => page.getByRole('log', { name: 'メッセージ' });

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'メッセージ' }).fill(text);
  await page.getByRole('button', { name: '送信' }).click();
  await expect(conversation(page).getByText(text)).toBeVisible();
}

async function snap(page: Page, name: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${ARTIFACTS}/${name}-${width}.png`, fullPage: width === 1280 });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('customer and driver talk live, complete the meeting, and the driver sends the three report images', async ({ browser }) => {
  const customer = await signedIn(browser, 'customer', CUSTOMER);
  const driver = await signedIn(browser, 'driver', DRIVER);
  const room = `/shipping-requests/detail/${requestItemId}/talkrooms/${talkroomId}`;

  // The driver finds the approved request in its applied items and opens the talkroom from there.
  await driver.goto('/shipping-requests/applied-items');
  const row = driver.getByTestId('request-row').filter({ hasText: '精密機器（トークルーム検証）' });
  await expect(row.getByTestId('candidacy')).toHaveText('承認されました');
  await snap(driver, 'applied-items');
  await row.click();
  await expect(driver.getByTestId('next-step')).toContainText('打ち合わせ');
  await snap(driver, 'applied-item-detail');
  await driver.getByRole('link', { name: 'トークルームを開く' }).click();
  await expect(driver).toHaveURL(new RegExp(`${room}$`));
  await customer.goto(room);
  await expect(conversation(customer)).toBeVisible();
  await expect(customer.getByText('まだメッセージはありません。')).toBeVisible();

  // Messages appear on the other side without a reload (the realtime stream).
  await send(customer, 'お世話になります。明後日9時に丸の内の倉庫でお願いします。');
  await expect(conversation(driver).getByText('お世話になります。明後日9時に丸の内の倉庫でお願いします。')).toBeVisible();
  await send(driver, '承知しました。2tトラックで伺います。');
  await expect(conversation(customer).getByText('承知しました。2tトラックで伺います。')).toBeVisible();
  await expect(conversation(customer).getByText('ドライバー', { exact: true })).toBeVisible();

  await snap(customer, 'talkroom-customer');
  await snap(driver, 'talkroom-driver');

  // Meeting complete: the driver first (confirm receipt), then the customer (ends the talkroom).
  await driver.getByRole('button', { name: '打ち合わせ完了' }).click();
  await driver.getByRole('dialog').getByRole('button', { name: '打ち合わせ完了' }).click();
  await expectToast(driver, 'ステータスを更新しました');
  await expect(driver.getByText('相手の打ち合わせ完了を待っています。')).toBeVisible();

  await customer.getByRole('button', { name: '打ち合わせ完了' }).click();
  await customer.getByRole('dialog').getByRole('button', { name: '打ち合わせ完了' }).click();
  await expectToast(customer, 'ステータスを更新しました');
  await expect(customer.getByText('このトークルームは終了しました。メッセージの閲覧のみできます。')).toBeVisible();
  await expect(customer.getByRole('textbox', { name: 'メッセージ' })).toHaveCount(0);
  // The driver's open room turns read-only and shows the pickup work, without a reload.
  await expect(driver.getByText('このトークルームは終了しました。メッセージの閲覧のみできます。')).toBeVisible();
  await expect(driver.getByText('集荷作業中').first()).toBeVisible();
  await snap(driver, 'talkroom-closed');

  // The report: three images, each uploaded with the shared file field, then sent in one go.
  await driver.getByRole('link', { name: '依頼の詳細を見る' }).first().click();
  await driver.getByRole('link', { name: '完了報告へ進む' }).click();
  await expect(driver).toHaveURL(new RegExp(`/applied-items/detail/${requestItemId}/report$`));
  await expect(driver.getByText('0 / 3 点提出済み')).toBeVisible();
  const slots = [
    ['受領書', 'report-receipt.png'],
    ['受取人の署名', 'report-signature.png'],
    ['配送画像', 'report-delivery.png'],
  ] as const;
  for (const [label, file] of slots) {
    const slot = driver.getByRole('region', { name: label });
    await slot.locator('input[type="file"]').setInputFiles(fixture(file));
    await expect(slot.getByText(file)).toBeVisible();
  }
  await driver.getByRole('button', { name: '完了報告を送信' }).click();
  await expectToast(driver, '完了報告を送信しました。');
  await expect(driver.getByText('3 / 3 点提出済み')).toBeVisible();
  await expect(driver.getByText('3点すべて提出済みです。荷主様の承認をお待ちください。')).toBeVisible();
  await expect(driver.getByTestId('report-slot').and(driver.locator('[data-present="true"]'))).toHaveCount(3);
  await snap(driver, 'delivery-report');
});
