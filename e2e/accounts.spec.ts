import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  NEW_PASSWORD,
  apiSignIn,
  expectToast,
  followMailLink,
  registerCustomerByApi,
  signIn,
  uniqueEmail,
} from './helpers';

test('a customer signs up through the mailbox link, registers, signs in, edits the profile and logs out', async ({ page }) => {
  const email = uniqueEmail('customer');
  const password = 'Custpass1!';

  await page.goto('/sign-up');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('button', { name: '登録用メールを送信' }).click();
  await expect(page).toHaveURL(/\/sign-up\/email-sent/);

  await followMailLink(page, email, 'メールアドレスの確認');
  await expect(page).toHaveURL(/\/sign-up\/verify-email\?token=/);
  await expect(page.getByText('メールアドレスを確認しました。')).toBeVisible();
  await page.getByRole('link', { name: '登録を続ける' }).click();
  await page.getByRole('link', { name: /荷主として登録/ }).click();
  await expect(page).toHaveURL(/\/sign-up\/customer\?token=/);

  await page.getByLabel(/^パスワード\s*必須$/).fill(password);
  await page.getByLabel(/^パスワード（確認）/).fill(password);
  await page.getByLabel('姓', { exact: true }).fill('山田');
  await page.getByLabel('名', { exact: true }).fill('花子');
  await page.getByLabel('電話番号').fill('0312345678');
  await page.getByLabel(/^会社名\s*必須$/).fill('テスト物流株式会社');
  await page.getByLabel('会社名（カナ）').fill('テストブツリュウカブシキガイシャ');
  await page.getByLabel('郵便番号').fill('100-0001');
  await expect(page.getByLabel('都道府県')).not.toHaveValue('');
  await page.getByLabel('番地').fill('1-1');
  await page.getByRole('button', { name: '登録する' }).click();
  await expect(page).toHaveURL(/\/sign-up\/customer\/succeed/);

  await signIn(page, 'customer', email, password);
  await expect(page).toHaveURL(/\/shipping-requests\/my-items/);

  await page.goto('/my-page/profile');
  // The company and its address, entered at registration, are editable here too.
  await expect(page.getByLabel(/^会社名\s*必須$/)).toHaveValue('テスト物流株式会社');
  await expect(page.getByLabel(/^都道府県/)).toHaveValue('東京都');
  await page.getByLabel(/^建物名/).fill('丸の内ビル3F');
  await page.getByLabel('名', { exact: true }).fill('次郎');
  // The profile's own form (a shipper's page also holds its payment terms, saved apart).
  await page
    .locator('form')
    .filter({ has: page.getByLabel(/^建物名/) })
    .getByRole('button', { name: '保存する' })
    .click();
  await expectToast(page, 'プロフィールを更新しました。');
  await page.goto('/my-page');
  await expect(page.getByTestId('my-page-name')).toHaveText('山田 次郎');

  await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
  await page.getByRole('menuitem', { name: 'ログアウト' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'ログアウト' }).click();
  await expectToast(page, 'ログアウトしました。');
  await expect(page).toHaveURL(/\/sign-in/);
});

// Its own account, so that no other journey depends on whether this one ran first (the demo
// accounts keep Demo1234!).
test('forgot and reset a password through the mailbox', async ({ page, request }) => {
  const email = uniqueEmail('forgetful');
  await registerCustomerByApi(request, email, DEMO_PASSWORD);

  await page.goto('/forgot-password/customer');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('button', { name: '再設定メールを送信' }).click();
  await expect(page.getByText('メールを送信しました')).toBeVisible();

  await followMailLink(page, email, 'パスワード再設定');
  await expect(page).toHaveURL(/\/forgot-password\/reset-password\?token=/);
  await page.getByLabel(/^新しいパスワード\s*必須$/).fill(NEW_PASSWORD);
  await page.getByLabel(/^新しいパスワード（確認）/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'パスワードを再設定' }).click();
  await expect(page).toHaveURL(/\/sign-in\/customer/);

  await signIn(page, 'customer', email, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toContainText('メールアドレスまたはパスワードが正しくありません。');
  await signIn(page, 'customer', email, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/shipping-requests\/my-items/);
});

test('the guard: a guest goes to /sign-in, a signed-in customer opening /sign-in to /conflict', async ({ page }) => {
  await page.goto('/my-page');
  await expect(page).toHaveURL(/\/sign-in$/);

  await signIn(page, 'customer', 'customer@demo.example.jp', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/shipping-requests\/my-items/);
  await page.goto('/sign-in');
  await expect(page).toHaveURL(/\/conflict$/);
});

// A fresh customer is suspended, not a demo account: suspending the demo driver manager would
// lock its drivers out of every journey that runs after this one.
test("a suspended user's login is refused with the server's message", async ({ page, playwright, baseURL }) => {
  const email = uniqueEmail('suspended');
  const userContext = await playwright.request.newContext({ baseURL });
  await registerCustomerByApi(userContext, email, DEMO_PASSWORD);
  const { user } = await apiSignIn(userContext, email, DEMO_PASSWORD, 'CUSTOMER');
  await userContext.dispose();

  const adminContext = await playwright.request.newContext({ baseURL });
  const admin = await apiSignIn(adminContext, 'admin@demo.example.jp', DEMO_PASSWORD, 'ADMIN');
  const toggled = await admin.patch(`/auth/users/${user.id}/toggle-status`);
  expect(toggled.status()).toBe(200);
  expect((await toggled.json()).status).toBe('INACTIVE');
  await adminContext.dispose();

  await signIn(page, 'customer', email, DEMO_PASSWORD);
  await expect(page.getByRole('alert')).toContainText('このアカウントは利用停止中です。運営までお問い合わせください。');
  await expect(page).toHaveURL(/\/sign-in\/customer$/);
});

test('screenshots of sign-in and customer sign-up at 375 and 1280 px', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/sign-in/customer');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: `test-results/artifacts/sign-in-${width}.png`, fullPage: true });
    await page.goto('/sign-up');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: `test-results/artifacts/sign-up-${width}.png`, fullPage: true });
  }
});
