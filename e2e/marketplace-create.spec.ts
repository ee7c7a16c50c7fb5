/**
 * Posting requests through the UI as the demo customer: a delivery with a pickup, a transit and
 * a delivery stop (postal-code lookups, today's date, the default time window) and one image
 * uploaded with progress, confirmed in the dialog, then the success page and the new request
 * in my requests; and a warehouse request. Screenshots of the create page at 375 and 1280 px.
 */
import { mkdirSync } from 'node:fs';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectToast, signIn } from './helpers';

const ARTIFACTS = 'test-results/artifacts';
// Stop times are read in the device's time zone: a Japanese customer's.
test.use({ timezoneId: 'Asia/Tokyo' });
const run = Date.now().toString(36);

/** Today as the calendar names its day buttons (2026年11月23日), in Japan. */
function todayInJapan(): string {
  const parts = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date())
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}年${parts.month}月${parts.day}日`;
}

async function signInAsCustomer(page: Page) {
  await signIn(page, 'customer', 'customer@demo.example.jp', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
}

/** Fills a postal code (the lookup fills the area), the block and today's date. */
async function fillAddress(page: Page, scope: Locator, postalCode: string, city: string, block: string) {
  await scope.getByRole('textbox', { name: /郵便番号/ }).fill(postalCode);
  await expect(scope.getByLabel(/^市区町村/)).toHaveValue(city);
  await scope.getByLabel(/^番地/).fill(block);
}

async function fillStop(page: Page, label: string, postalCode: string, city: string, block: string) {
  const stop = page.getByRole('group', { name: label, exact: true });
  await fillAddress(page, stop, postalCode, city, block);
  await stop.getByRole('button', { name: /日付/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(todayInJapan()) })
    .click();
  await expect(stop.getByRole('button', { name: /日付/ })).toContainText(todayInJapan());
}

test('screenshots of the create page at 375 and 1280 px', async ({ page }) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  await signInAsCustomer(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/shipping-requests/create');
    await expect(page.getByRole('heading', { level: 1, name: '依頼を作成' })).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/create-delivery-${width}.png`, fullPage: true });
    await page.getByText('倉庫依頼', { exact: true }).click();
    await expect(page.getByRole('form', { name: '倉庫依頼' })).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/create-warehouse-${width}.png`, fullPage: true });
  }
});

test('the customer posts a delivery with a transit and an image, and a warehouse request', async ({ page }) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  await signInAsCustomer(page);
  await page.goto('/shipping-requests/create');
  const delivery = page.getByRole('form', { name: '配送依頼' });
  await expect(delivery).toBeVisible();

  // A missing field is said under it, and nothing is posted.
  await delivery.getByRole('button', { name: '確認画面へ' }).click();
  await expect(delivery.getByText('必須項目です。').first()).toBeVisible();

  await delivery.getByRole('button', { name: '経由地を追加' }).click();
  await expect(page.getByRole('group', { name: '経由1', exact: true })).toBeVisible();
  await fillStop(page, '集荷先', '100-0001', '千代田区', '1-1');
  await fillStop(page, '経由1', '220-0011', '横浜市西区', '2-2');
  await fillStop(page, '配達先', '220-0011', '横浜市西区', '3-3');
  await page
    .getByRole('group', { name: '配達先', exact: true })
    .getByLabel(/^担当者名/)
    .fill('佐藤');

  await delivery.getByRole('combobox', { name: /車両/ }).click();
  await page.getByRole('option', { name: '4t', exact: true }).click();
  await delivery.getByRole('radio', { name: '冷蔵', exact: true }).check();
  const baggage = `精密機器-${run}`;
  await delivery.getByLabel(/^荷物名/).fill(baggage);
  await delivery.getByLabel(/^総重量/).fill('1200');
  await delivery.getByRole('radio', { name: '固定価格' }).check();
  await delivery.getByLabel(/^金額/).fill('35000');

  await delivery.locator('input[type="file"]').setInputFiles('e2e/fixtures/baggage.png');
  await expectToast(page, 'ファイルのアップロードに成功しました');
  await expect(delivery.getByText('baggage.png')).toBeVisible();

  await delivery.getByRole('button', { name: '確認画面へ' }).click();
  const confirm = page.getByRole('dialog', { name: '配送依頼の確認' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByTestId('stop-label')).toHaveText(['集荷先', '経由1', '配達先']);
  await expect(confirm.getByText('35,000円')).toBeVisible();
  await expect(confirm.getByText('1枚')).toBeVisible();
  await confirm.getByRole('button', { name: '掲載する' }).click();

  await expect(page.getByRole('heading', { name: '依頼を掲載しました' })).toBeVisible();
  await expect(page).toHaveURL(/\/shipping-requests\/create\/success/);
  await page.getByRole('link', { name: '掲載した依頼を見る' }).click();
  await expect(page).toHaveURL(/\/shipping-requests\/my-items\/detail\/[0-9a-f-]{36}$/);
  await expect(page.getByText(baggage).first()).toBeVisible();

  // A warehouse request.
  await page.goto('/shipping-requests/create');
  await page.getByText('倉庫依頼', { exact: true }).click();
  const warehouse = page.getByRole('form', { name: '倉庫依頼' });
  await fillAddress(page, warehouse, '100-0001', '千代田区', '1-1');
  await warehouse.getByRole('radio', { name: '冷凍', exact: true }).check();
  await warehouse.getByLabel(/^面積/).fill('50');
  await warehouse.getByLabel(/^依頼数量/).fill('20');
  await warehouse.getByLabel(/^単価/).fill('8000');
  await warehouse.getByRole('checkbox', { name: '冷蔵冷凍車' }).check();
  await warehouse.getByLabel(/^ドライバーへのメッセージ/).fill(`倉庫テスト-${run}`);
  await warehouse.getByRole('button', { name: '確認画面へ' }).click();
  const confirmWarehouse = page.getByRole('dialog', { name: '倉庫依頼の確認' });
  await expect(confirmWarehouse.getByText('8,000円')).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${ARTIFACTS}/create-confirm-375.png` });
  await confirmWarehouse.getByRole('button', { name: '掲載する' }).click();
  await expect(page.getByRole('heading', { name: '依頼を掲載しました' })).toBeVisible();
  await page.screenshot({ path: `${ARTIFACTS}/create-success-375.png` });
});
