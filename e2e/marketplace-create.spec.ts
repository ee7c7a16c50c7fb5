/**
 * Posting through the UI as the demo customer, what marketplace-journey.spec.ts does not look
 * at (it posts deliveries with a transit and an image, and a warehouse request): an empty form
 * says what is missing, the warehouse form, its confirm dialog and the success page, with
 * screenshots at 375 and 1280 px.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import { chooseWarehouseRequest, DEMO_PASSWORD, expectNoToastOver, fillAddress, signIn } from './helpers';

const ARTIFACTS = 'test-results/artifacts';
// Stop times are read in the device's time zone: a Japanese customer's.
test.use({ timezoneId: 'Asia/Tokyo' });
const run = Date.now().toString(36);

async function signInAsCustomer(page: Page) {
  await signIn(page, 'customer', 'customer@demo.example.jp', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
}

test('screenshots of the warehouse form at 375 and 1280 px', async ({ page }) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  await signInAsCustomer(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/shipping-requests/create');
    await expect(page.getByRole('heading', { level: 1, name: '依頼を作成' })).toBeVisible();
    await chooseWarehouseRequest(page);
    await expect(page.getByRole('form', { name: '倉庫依頼' })).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/create-warehouse-${width}.png`, fullPage: true });
  }
});

test('an empty form says what is missing; a warehouse request through its confirm dialog to the success page', async ({
  page,
}) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  await signInAsCustomer(page);
  await page.goto('/shipping-requests/create');
  const delivery = page.getByRole('form', { name: '配送依頼' });
  await expect(delivery).toBeVisible();

  // A missing field is said under it, and nothing is posted.
  await delivery.getByRole('button', { name: '確認画面へ' }).click();
  await expect(delivery.getByText('必須項目です。').first()).toBeVisible();
  await expect(page).toHaveURL(/\/shipping-requests\/create$/);

  await chooseWarehouseRequest(page);
  const warehouse = page.getByRole('form', { name: '倉庫依頼' });
  await fillAddress(warehouse, '100-0001', '千代田区', '1-1');
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

test('no toast covers a form’s or a dialog’s actions: the upload toast sits at the top while the form and its confirm dialog are shown', async ({
  page,
}) => {
  await signInAsCustomer(page);
  for (const width of [375, 1280]) {
    // Screens short enough that the dialog fills them, its actions at the bottom edge.
    await page.setViewportSize({ width, height: width < 640 ? 560 : 600 });
    await page.goto('/shipping-requests/create');
    await chooseWarehouseRequest(page);
    const warehouse = page.getByRole('form', { name: '倉庫依頼' });
    await fillAddress(warehouse, '100-0001', '千代田区', '1-1');
    await warehouse.getByRole('radio', { name: '冷凍', exact: true }).check();
    await warehouse.getByLabel(/^面積/).fill('50');
    await warehouse.getByLabel(/^依頼数量/).fill('20');
    await warehouse.getByLabel(/^単価/).fill('8000');
    await warehouse.getByRole('checkbox', { name: '冷蔵冷凍車' }).check();
    await warehouse.locator('input[type="file"]').setInputFiles(path.join(import.meta.dirname, 'fixtures', 'baggage.png'));
    const uploaded = page.locator('[data-sonner-toast]').filter({ hasText: 'ファイルのアップロードに成功しました' });
    await expect(uploaded).toBeVisible();
    // On the form itself too: its submit (a sticky bar at the bottom of a phone) stays clear.
    const confirm = warehouse.getByRole('button', { name: '確認画面へ' });
    await expectNoToastOver(page, confirm);
    await confirm.click();
    const dialog = page.getByRole('dialog', { name: '倉庫依頼の確認' });
    const post = dialog.getByRole('button', { name: '掲載する' });
    const cancel = dialog.getByRole('button', { name: '修正する' });
    await post.scrollIntoViewIfNeeded();
    await expect(post).toBeInViewport();
    // The toast is still up (it lasts a few seconds), now at the top, clear of both actions.
    await expect(uploaded).toBeVisible();
    for (const action of [post, cancel]) await expectNoToastOver(page, action);
    // And the click lands on the button, not on the toast.
    await post.click({ trial: true });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }
});
