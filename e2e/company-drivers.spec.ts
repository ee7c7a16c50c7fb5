/**
 * A carrier company runs its drivers through the UI (issue 11, items 5 and 6): the demo driver
 * manager invites a driver on /manager/drivers, the driver registers from the mail and appears in
 * the list; the manager's application is approved by the customer, the manager assigns the new
 * driver, who sees the job, talks with the customer, confirms receipt and reports; removing the
 * driver is refused while it holds the job and works once the delivery is complete, after which the
 * driver cannot sign in. Each party in a browser context of its own. Only the customer's posting,
 * which is not the subject here, goes through the HTTP API.
 */
import path from 'node:path';
import { type Page, expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  apiSignIn,
  expectNoToastOver,
  expectToast,
  followMailLink,
  signIn,
  signedInPage,
  uniqueEmail,
  jst,
} from './helpers';

const MANAGER = 'manager@demo.example.jp';
const CUSTOMER = 'customer@demo.example.jp';
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const stop = (transportType: 'PICKUP' | 'DELIVERY', day: number) => ({
  transportType,
  postalCode: '100-0001',
  prefecture: '東京都',
  city: '千代田区',
  town: '千代田',
  block: transportType === 'PICKUP' ? '1-1' : '2-2',
  timeFrom: jst(day, 9),
  timeTo: jst(day, 12),
  elevator: 'NOT_NEEDED',
});

const rowOf = (page: Page, requestItemId: string) => page.locator(`[data-testid="request-row"][href$="/${requestItemId}"]`);

/** Opens remove-driver-confirm for a driver, checks the notice gate, agrees and presses 削除する. */
async function confirmRemoval(manager: Page, name: string) {
  await manager.getByRole('button', { name: `${name}を削除` }).click();
  const dialog = manager.getByRole('dialog', { name: 'ドライバーを削除' });
  const agree = dialog.getByRole('checkbox', { name: '上記の注意事項を確認し、同意します' });
  const remove = dialog.getByRole('button', { name: '削除する' });
  // Spec §4: the agree box unlocks only at the end of the notice, and the button waits for it.
  await expect(dialog.getByText('削除したアカウントは復元できません。', { exact: false })).toBeVisible();
  await expect(agree).toBeDisabled();
  await expect(remove).toBeDisabled();
  await dialog.getByTestId('remove-driver-notice').evaluate((el) => el.scrollTo({ top: el.scrollHeight }));
  await expect(agree).toBeEnabled();
  await expect(remove).toBeDisabled();
  await agree.check();
  await expect(remove).toBeEnabled();
  await remove.click();
  return dialog;
}

test('a driver manager invites a driver, assigns it an approved delivery, and may remove it only once the delivery is complete', async ({
  browser,
  request,
}) => {
  test.setTimeout(420_000);
  const email = uniqueEmail('company-driver');
  const password = 'Driverpass1!';
  const baggage = `会社の案件${run}`;
  const manager = await signedInPage(browser, 'driver-manager', MANAGER);

  // /manager/drivers: the company's drivers, then the invite-driver dialog.
  await manager.goto('/manager/drivers');
  await expect(manager.getByRole('heading', { level: 1, name: 'ドライバー管理' })).toBeVisible();
  await expect(manager.getByRole('article', { name: '田中 翔太' })).toBeVisible();
  await manager.getByRole('button', { name: 'ドライバーを招待' }).click();
  const invite = manager.getByRole('dialog', { name: 'ドライバーを招待' });
  await invite.getByLabel(/メールアドレス/).fill('not-an-address');
  await invite.getByRole('button', { name: '招待メールを送信' }).click();
  await expect(invite.getByText('有効なメールアドレスを入力してください')).toBeVisible();
  await invite.getByLabel(/メールアドレス/).fill(email);
  await invite.getByRole('button', { name: '招待メールを送信' }).click();
  await expectToast(manager, '招待メールを送信しました。');
  await expect(invite).toBeHidden();
  const pending = manager.getByTestId('driver-invitation').filter({ hasText: email });
  await expect(pending).toBeVisible();
  await pending.getByRole('button', { name: `${email}への招待を再送` }).click();
  await expectToast(manager, '招待メールを再送しました。');

  // The driver registers from the (resent) mail.
  const driverContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Tokyo' });
  const driver = await driverContext.newPage();
  await followMailLink(driver, email, 'ドライバー登録のご招待');
  await expect(driver).toHaveURL(/\/sign-up\/driver\?token=/);
  await driver.getByLabel('姓', { exact: true }).fill('岡田');
  await driver.getByLabel('名', { exact: true }).fill('悠真');
  await driver.getByLabel('電話番号').fill('09012345678');
  await driver.getByLabel(/^パスワード\s*必須$/).fill(password);
  await driver.getByLabel(/^パスワード（確認）/).fill(password);
  await driver.getByRole('button', { name: '登録する' }).click();
  await expect(driver).toHaveURL(/\/sign-up\/driver\/succeed$/);
  await signIn(driver, 'driver', email, password);
  await expect(driver).not.toHaveURL(/\/sign-in/);

  // It appears in the company's list; its invitation is no longer pending.
  await manager.reload();
  const card = manager.getByRole('article', { name: '岡田 悠真' });
  await expect(card).toBeVisible();
  await expect(card).toContainText('担当中の案件はありません');
  await expect(manager.getByTestId('driver-invitation').filter({ hasText: email })).toHaveCount(0);

  // The customer's fixed-price delivery (posted through the API), applied to by the manager in the UI.
  const customerApi = await apiSignIn(request, CUSTOMER, DEMO_PASSWORD, 'CUSTOMER');
  const posted = await customerApi.post('/request-items/deliveries', {
    vehicleType: 'FOUR_T_TRUCK',
    vehicleTemperatureRange: 'ROOM',
    baggageName: baggage,
    totalWeight: 500,
    price: 32000,
    transports: [stop('PICKUP', 3), stop('DELIVERY', 4)],
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id } = (await posted.json()) as { id: string };
  await manager.goto(`/shipping-requests/detail/${id}`);
  await manager.getByRole('button', { name: '提示価格で応募する' }).click();
  await manager.getByRole('dialog', { name: '提示価格で応募しますか？' }).getByRole('button', { name: '応募する' }).click();
  await expectToast(manager, '依頼を荷主様へ送信しました。');

  // The customer approves the manager's application.
  const customer = await signedInPage(browser, 'customer', CUSTOMER);
  await customer.goto(`/shipping-requests/my-items/detail/${id}/candidates/delivery`);
  const candidate = customer.getByRole('article', { name: '高橋 直樹' });
  await expect(candidate).toContainText('株式会社サンプル運輸');
  await candidate.getByRole('link', { name: /詳細を見る/ }).click();
  await customer.getByTestId('candidate-detail').getByRole('button', { name: 'この応募者を承認' }).click();
  await customer.getByRole('dialog').getByRole('button', { name: '承認する' }).click();
  await expectToast(customer, 'ステータスを更新しました');

  // The manager assigns its new driver on the job's page.
  await manager.goto(`/shipping-requests/applied-items/detail/${id}`);
  const carrier = manager.getByRole('region', { name: '担当ドライバー' });
  await expect(carrier.getByTestId('carrier-name')).toHaveText('自分（高橋 直樹）が担当');
  await carrier.getByRole('combobox', { name: '担当ドライバー' }).click();
  await manager.getByRole('option', { name: '岡田 悠真' }).click();
  await carrier.getByRole('button', { name: '担当を設定' }).click();
  await expectToast(manager, '担当ドライバーを設定しました。');
  await expect(carrier.getByTestId('carrier-name')).toHaveText('岡田 悠真');
  await expect(manager.getByTestId('next-step')).toContainText('担当ドライバーが');

  // The customer sees the company and the driver.
  await customer.goto(`/shipping-requests/my-items/detail/${id}`);
  await expect(customer.getByText('株式会社サンプル運輸').first()).toBeVisible();
  await expect(customer.getByText('岡田 悠真（090-1234-5678）')).toBeVisible();
  // The assignment issued a second 運送条件書 naming the driver; the first stays downloadable.
  await expect(customer.getByTestId('conditions-versions')).toContainText('最新：第2版');
  await expect(customer.getByTestId('conditions-versions').getByRole('button', { name: /^第1版/ })).toBeVisible();

  // Removal is refused while the driver holds the job.
  await manager.goto('/manager/drivers');
  await expect(manager.getByRole('article', { name: '岡田 悠真' })).toContainText(baggage);
  const refused = await confirmRemoval(manager, '岡田 悠真');
  await expectToast(manager, 'このドライバーには承認済みまたは集荷作業中の案件があります。');
  await refused.getByRole('button', { name: 'キャンセル' }).click();
  await expect(manager.getByRole('article', { name: '岡田 悠真' })).toBeVisible();

  // The driver was told, finds the job among its applied items and arranges it in the talkroom.
  await driver.goto('/notifications');
  await expect(driver.getByText('配送の担当になりました').first()).toBeVisible();
  await driver.goto('/shipping-requests/applied-items');
  await expect(rowOf(driver, id).getByTestId('candidacy')).toHaveText('承認されました');
  await rowOf(driver, id).click();
  await expect(driver.getByText('ドライバー管理者があなたをこの配送の担当に設定しました。')).toBeVisible();
  await driver.getByRole('link', { name: 'トークルームを開く' }).click();
  const hello = `担当の岡田です。よろしくお願いします。（${run}）`;
  await driver.getByRole('textbox', { name: 'メッセージ' }).fill(hello);
  await driver.getByRole('button', { name: '送信' }).click();
  await expect(driver.getByRole('log', { name: 'メッセージ' }).getByText(hello)).toBeVisible();
  await driver.getByRole('button', { name: '打ち合わせ完了' }).click();
  await driver.getByRole('dialog').getByRole('button', { name: '打ち合わせ完了' }).click();
  await expectToast(driver, 'ステータスを更新しました');

  // The customer's side of the meeting, from the same talkroom.
  await customer.goto(driver.url().replace(/^.*?\/shipping-requests/, '/shipping-requests'));
  await expect(customer.getByRole('log', { name: 'メッセージ' }).getByText(hello)).toBeVisible();
  await customer.getByRole('button', { name: '打ち合わせ完了' }).click();
  await customer.getByRole('dialog').getByRole('button', { name: '打ち合わせ完了' }).click();
  await expectToast(customer, 'ステータスを更新しました');

  // The driver reports with the three images.
  await driver.goto(`/shipping-requests/applied-items/detail/${id}/report`);
  for (const [label, file] of [
    ['受領書', 'report-receipt.png'],
    ['受取人の署名', 'report-signature.png'],
    ['配送画像', 'report-delivery.png'],
  ] as const) {
    const slot = driver.getByRole('region', { name: label });
    await slot.locator('input[type="file"]').setInputFiles(fixture(file));
    await expect(slot.getByText(file)).toBeVisible();
  }
  const sendReport = driver.getByRole('button', { name: '完了報告を送信' });
  await expectNoToastOver(driver, sendReport);
  await sendReport.click();
  await expectToast(driver, '完了報告を送信しました。');

  // Still held while the customer has not approved the report; then the delivery is complete.
  await customer.goto(`/shipping-requests/my-items/detail/${id}`);
  await customer.getByRole('button', { name: '完了報告を承認' }).click();
  await customer.getByRole('dialog', { name: '完了報告を承認しますか？' }).getByRole('button', { name: '承認する' }).click();
  await expectToast(customer, '完了報告を承認しました');
  await expect(customer.getByTestId('next-step')).toHaveText('配送が完了しました');

  // Now the removal goes through: the list refreshes, then the dialog closes.
  await manager.goto('/manager/drivers');
  await expect(manager.getByRole('article', { name: '岡田 悠真' })).toContainText('担当中の案件はありません');
  const removed = await confirmRemoval(manager, '岡田 悠真');
  await expectToast(manager, 'ドライバーを削除しました。');
  await expect(removed).toBeHidden();
  await expect(manager.getByRole('article', { name: '岡田 悠真' })).toHaveCount(0);

  // The removed driver's session has ended: the app sends it to sign-in, where it is told why.
  await driver.goto('/my-page');
  await expect(driver).toHaveURL(/\/sign-in/);
  await signIn(driver, 'driver', email, password);
  await expect(driver.getByText('このアカウントは所属会社により削除されています。').first()).toBeVisible();

  for (const page of [manager, customer, driver]) await page.context().close();
});
