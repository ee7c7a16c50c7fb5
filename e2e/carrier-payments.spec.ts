/**
 * A new carrier company that signs in before paying is held on the sign-up payment step (decision 082).
 * A carrier company's renewal fails (the sandbox's billing clock, moved with its
 * development-only control on the credit-card page): the notification arrives, every page
 * goes to /payments/update, and a new card restores access. Through the UI only, after an
 * API set-up of the subscribed company.
 */
import { expect, test } from '@playwright/test';
import { expectToast, payWithCard, registerDriverManagerByApi, signIn, uniqueEmail } from './helpers';

test('a failed renewal brings the notification and /payments/update; a new card restores access', async ({ page, request }) => {
  const email = uniqueEmail('lapsing-manager');
  const password = 'Managerpass1!';
  await registerDriverManagerByApi(request, email, password);
  await signIn(page, 'driver-manager', email, password);
  await expect(page).toHaveURL('/');

  // The card is changed to Stripe's 0341 test card: it attaches, its charges fail.
  await page.goto('/my-page/credit-card');
  await expect(page.getByText('ご利用中')).toBeVisible();
  await page.getByRole('button', { name: 'カードを変更する' }).click();
  await payWithCard(page, '4000 0000 0000 0341', 'このカードに変更する');
  await expectToast(page, 'お支払い方法を更新しました。');
  await expect(page.getByText('**** **** **** 0341')).toBeVisible();

  // A month later the renewal is declined.
  await page.getByRole('button', { name: '1か月進める' }).click();
  await expectToast(page, '月額利用料の決済に失敗しました');
  await expect(page.getByText('お支払い遅延')).toBeVisible();
  // My-page stays open (spec §2); every other page outside the public ones goes to /payments/update.
  await page.goto('/shipping-requests/applied-items');
  await expect(page).toHaveURL(/\/payments\/update\?intentCode=/);
  await expect(page.getByRole('heading', { level: 1, name: 'お支払い方法の更新' })).toBeVisible();

  // A declined card shows its reason; the 4242 test card pays and lets the manager in again.
  await payWithCard(page, '4000 0000 0000 9995', 'このカードで支払う');
  await expect(
    page.getByRole('alert').filter({ hasText: 'カードの残高が不足しているため、お支払いできませんでした。' }),
  ).toBeVisible();
  await payWithCard(page, '4242 4242 4242 4242', 'このカードで支払う');
  await expect(page).toHaveURL('/');
  await page.goto('/shipping-requests/applied-items');
  await expect(page).toHaveURL(/\/shipping-requests\/applied-items/);
  await page.goto('/my-page/credit-card');
  await expect(page.getByText('ご利用中')).toBeVisible();
  await expect(page.getByText('**** **** **** 4242')).toBeVisible();
});

test('a new carrier that signs in before paying is held on the sign-up payment step, with the price and the coupon', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('unpaid-manager');
  const password = 'Managerpass1!';
  await registerDriverManagerByApi(request, email, password, { pay: false });
  await signIn(page, 'driver-manager', email, password);
  await expect(page).toHaveURL(/\/sign-up\/driver-manager\/payment\?intentCode=/);
  await expect(page.getByRole('heading', { level: 1, name: 'お支払い情報の登録' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'ご利用プラン' })).toContainText('5,500円');
  // Nothing tells a first-time subscriber that a payment failed.
  await expect(page.getByText('お支払いいただけませんでした')).toHaveCount(0);
  // Every page outside the public ones and my-page holds it there.
  await page.goto('/shipping-requests/applied-items');
  await expect(page).toHaveURL(/\/sign-up\/driver-manager\/payment\?intentCode=/);

  await page.getByLabel(/^クーポンコード/).fill('DEMO50');
  await page.getByRole('button', { name: '適用' }).click();
  await payWithCard(page, '4242 4242 4242 4242', '2,750円を支払って申し込む');
  await expect(page).toHaveURL('/sign-up/driver-manager/succeed');
  await expect(page.getByRole('heading', { level: 1, name: 'お申し込みが完了しました' })).toBeVisible();
  await page.goto('/shipping-requests/applied-items');
  await expect(page).toHaveURL(/\/shipping-requests\/applied-items/);
});
