/**
 * The carrier side of the account screens (issue 3): a driver manager's sign-up, an invited
 * driver's registration, and changing the e-mail address and the password on my-page.
 */
import { expect, test, type Page } from '@playwright/test';
import {
  DEMO_PASSWORD,
  apiSignIn,
  expectToast,
  followMailLink,
  logOut,
  payWithCard,
  registerCustomerByApi,
  signIn,
  uniqueEmail,
} from './helpers';

/** From the sign-up page to the driver-manager registration form, through the mailbox link. */
async function openDriverManagerForm(page: Page, email: string) {
  await page.goto('/sign-up');
  await page.getByLabel('メールアドレス').fill(email);
  await page.getByRole('button', { name: '登録用メールを送信' }).click();
  await expect(page).toHaveURL(/\/sign-up\/email-sent/);

  await followMailLink(page, email, 'メールアドレスの確認');
  await expect(page.getByText('メールアドレスを確認しました。')).toBeVisible();
  await page.getByRole('link', { name: '登録を続ける' }).click();
  await page.getByRole('link', { name: /ドライバー管理者として登録/ }).click();
  await expect(page).toHaveURL(/\/sign-up\/driver-manager\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'ドライバー管理者登録' })).toBeVisible();
}

test('a driver manager signs up through the mailbox link, registers the company and goes on to the payment step', async ({
  page,
}) => {
  const email = uniqueEmail('manager');
  const password = 'Managerpass1!';
  await openDriverManagerForm(page, email);

  await expect(page.getByLabel(/^メールアドレス/)).toHaveValue(email);
  await page.getByLabel(/^パスワード\s*必須$/).fill(password);
  await page.getByLabel(/^パスワード（確認）/).fill(password);
  await page.getByLabel('姓', { exact: true }).fill('松本');
  await page.getByLabel('名', { exact: true }).fill('隆');
  await page.getByLabel('電話番号').fill('0334567890');
  await page.getByLabel(/^会社名\s*必須$/).fill('松本運送株式会社');
  await page.getByLabel('会社名（カナ）').fill('マツモトウンソウカブシキガイシャ');
  await page.getByLabel('郵便番号').fill('143-0006');
  // The postal lookup fills the address (spec §5).
  await expect(page.getByLabel('都道府県')).toHaveValue('東京都');
  await expect(page.getByLabel('市区町村')).toHaveValue('大田区');
  await page.getByLabel('番地').fill('2-1-1');
  await page.getByLabel('一般貨物自動車運送事業許可番号').fill('関自貨第4321号');
  await page.getByLabel('貨物軽自動車運送事業届出番号').fill('関自貨軽第8765号');
  await page.screenshot({ path: 'test-results/artifacts/driver-manager-sign-up-filled.png', fullPage: true });
  await page.getByRole('button', { name: '登録する' }).click();

  // Spec §2: driver-manager (plus payment, succeed).
  await expect(page).toHaveURL(/\/sign-up\/driver-manager\/payment\?intentCode=/);
  await expectToast(page, 'ドライバー管理者アカウントを登録しました。お支払い情報を登録してください。');
  await expect(page.getByRole('heading', { level: 1, name: 'お支払い情報の登録' })).toBeVisible();
  await expect(page.getByTestId('plan-price')).toHaveText('5,500円');

  // A declined card shows its reason; nothing is charged.
  await payWithCard(page, '4000 0000 0000 0002', '5,500円を支払って申し込む');
  await expect(
    page.getByRole('alert').filter({ hasText: 'カードが承認されませんでした。別のカードをお試しください。' }),
  ).toBeVisible();

  // A wrong coupon says so; the demo coupon lowers the first payment.
  await page.getByLabel('クーポンコード').fill('WRONG');
  await page.getByRole('button', { name: '適用' }).click();
  await expect(page.getByText('クーポンコードが正しくありません。')).toBeVisible();
  await page.getByLabel('クーポンコード').fill('DEMO50');
  await page.getByRole('button', { name: '適用' }).click();
  await expect(page.getByTestId('first-payment')).toHaveText('2,750円');
  await expect(page.getByText('クーポン適用: 初回50%オフ')).toBeVisible();

  // Stripe's 4242 test card pays, and the new manager gets in at once after signing in.
  await payWithCard(page, '4242 4242 4242 4242', '2,750円を支払って申し込む');
  await expect(page).toHaveURL(/\/sign-up\/driver-manager\/succeed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'お申し込みが完了しました' })).toBeVisible();
  await page.getByRole('link', { name: 'ログインへ' }).click();
  await signIn(page, 'driver-manager', email, password);
  await expect(page).toHaveURL('/');
  await page.goto('/my-page/credit-card');
  await expect(page.getByText('**** **** **** 4242')).toBeVisible();
  await expect(page.getByText('ご利用中')).toBeVisible();
  await expect(page.getByText('DEMO50（初回50%オフ）')).toBeVisible();
  await page.goto('/shipping-requests/results');
  await expect(page).toHaveURL(/\/shipping-requests\/results/);
});

test('an invited driver follows the invitation mail, registers and signs in as a driver', async ({ page, request }) => {
  const email = uniqueEmail('driver');
  const password = 'Driverpass1!';

  // The demo manager invites through the HTTP API (the invite screen has its own journey in
  // company-drivers.spec.ts); the driver's part, the subject here, is all in the browser.
  const manager = await apiSignIn(request, 'manager@demo.example.jp', DEMO_PASSWORD, 'DRIVER_MANAGER');
  const invite = await manager.post('/auth/driver-invite', { email });
  expect(invite.ok(), await invite.text()).toBeTruthy();

  await followMailLink(page, email, 'ドライバー登録のご招待');
  await expect(page).toHaveURL(/\/sign-up\/driver\?token=/);
  await expect(page.getByRole('heading', { level: 1, name: 'ドライバー登録' })).toBeVisible();
  await page.getByLabel('姓', { exact: true }).fill('小林');
  await page.getByLabel('名', { exact: true }).fill('誠');
  await page.getByLabel('姓（カナ）').fill('コバヤシ');
  await page.getByLabel('名（カナ）').fill('マコト');
  await page.getByLabel('電話番号').fill('09012345678');
  await page.getByLabel(/^パスワード\s*必須$/).fill(password);
  await page.getByLabel(/^パスワード（確認）/).fill(password);
  await page.getByRole('button', { name: '登録する' }).click();

  await expect(page).toHaveURL(/\/sign-up\/driver\/succeed$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ドライバー登録が完了しました' })).toBeVisible();
  await page.getByRole('link', { name: 'ログインする' }).click();
  await expect(page).toHaveURL(/\/sign-in\/driver$/);

  await signIn(page, 'driver', email, password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/my-page');
  await expect(page.getByTestId('my-page-name')).toHaveText('小林 誠');
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('ドライバー', { exact: true })).toBeVisible();
});

test('a signed-in user changes the e-mail address through the confirmation mail, then the password', async ({
  page,
  request,
}) => {
  // A fresh account: the demo accounts belong to the other journeys.
  const email = uniqueEmail('mover');
  const newEmail = uniqueEmail('moved');
  const password = 'Moverpass1!';
  const newPassword = 'Moverpass2!';
  await registerCustomerByApi(request, email, password);

  await signIn(page, 'customer', email, password);
  await expect(page).toHaveURL(/\/shipping-requests\/my-items/);
  await page.goto('/my-page');
  await page.getByRole('link', { name: 'メールアドレスを変更' }).click();
  await expect(page).toHaveURL(/\/my-page\/update-email$/);
  await expect(page.getByText(email)).toBeVisible();
  await page.getByLabel(/^新しいメールアドレス/).fill(newEmail);
  await page.getByRole('button', { name: '確認メールを送信' }).click();
  await expectToast(page, '確認用メールを新しいメールアドレスに送信しました。');

  await followMailLink(page, newEmail, 'メールアドレス変更の確認');
  await expect(page).toHaveURL(/\/verify-email-update\?token=/);
  await expect(page.getByText('メールアドレスを変更しました。')).toBeVisible();
  // The change ends every session (decision 002): this browser is signed out too, without an error.
  await expect(page.getByText('新しいメールアドレスでログインしてください。')).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン' })).toBeVisible();
  await page.getByRole('link', { name: 'ログイン画面へ' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByText('エラーが発生しました。もう一度ログインしてください。')).toHaveCount(0);

  await signIn(page, 'customer', email, password);
  await expect(page.getByRole('alert')).toContainText('メールアドレスまたはパスワードが正しくありません。');
  await signIn(page, 'customer', newEmail, password);
  await expect(page).toHaveURL(/\/shipping-requests\/my-items/);

  await page.goto('/my-page/update-password');
  await page.getByLabel(/^現在のパスワード/).fill('Wrongpass9!');
  await page.getByLabel(/^新しいパスワード\s*必須$/).fill(newPassword);
  await page.getByLabel(/^新しいパスワード（確認）/).fill(newPassword);
  await page.getByRole('button', { name: '変更する' }).click();
  // A business refusal: the server's message, and the user stays signed in on the page.
  await expectToast(page, '現在のパスワードが正しくありません。');
  await expect(page).toHaveURL(/\/my-page\/update-password$/);

  await page.getByLabel(/^現在のパスワード/).fill(password);
  await page.getByRole('button', { name: '変更する' }).click();
  await expectToast(page, 'パスワードを変更しました。');
  await expect(page.getByLabel(/^現在のパスワード/)).toHaveValue('');

  await logOut(page);
  await signIn(page, 'customer', newEmail, password);
  await expect(page.getByRole('alert')).toContainText('メールアドレスまたはパスワードが正しくありません。');
  await signIn(page, 'customer', newEmail, newPassword);
  await expect(page).toHaveURL(/\/shipping-requests\/my-items/);
});

test('screenshots of the driver-manager registration form at 375 and 1280 px', async ({ page }) => {
  await openDriverManagerForm(page, uniqueEmail('manager-shot'));
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/artifacts/driver-manager-sign-up-${width}.png`, fullPage: true });
  }
});
