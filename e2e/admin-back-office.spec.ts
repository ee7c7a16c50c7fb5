/**
 * The admin back office through the UI only (issue 12): the overview, finding a customer
 * by a two-character keyword, suspending and reactivating it, a delivery's tabs, the CSV
 * of a list, and a broadcast that the customer then reads; suspending a driver manager (its
 * driver can no longer sign in), deleting an open delivery and being refused on a reported
 * one, reading its talkroom and report, a broadcast with a PDF that a driver receives live;
 * and the admin's second factor (decision 053). What other roles do beforehand (posting,
 * applying, reporting, registering) is made through the HTTP API: it is not the subject here.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type APIResponse, type Page, expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import {
  DEMO_PASSWORD,
  type ApiSession,
  apiSignIn,
  expectToast,
  mailLink,
  registerDriverManagerByApi,
  signIn,
  signedInPage,
  uniqueEmail,
  jst,
} from './helpers';

const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const run = Date.now().toString(36);

const CUSTOMER = 'customer@demo.example.jp';

test('an operator runs the back office: overview, accounts, a delivery, CSV and a broadcast', async ({ page, browser }) => {
  await signIn(page, 'admin', 'admin@demo.example.jp', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: '運営の概況' })).toBeVisible();
  await expect(page.getByText('募集中の依頼')).toBeVisible();
  await expect(page.getByRole('img', { name: '過去30日間の新規依頼・成約・完了の件数' })).toBeVisible();

  // Find the demo customer by two characters of its company name; the keyword stays in the URL.
  await page.getByRole('navigation').getByRole('link', { name: '荷主アカウント' }).click();
  await page.getByRole('searchbox').fill('物産');
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(/keyword=%E7%89%A9%E7%94%A3/);
  const row = page.getByRole('row').filter({ hasText: CUSTOMER });
  await expect(row).toBeVisible();

  // The list as filtered, as a CSV that Excel opens in Japanese.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSVダウンロード' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^荷主アカウント一覧_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.toString('utf8');
  expect(text).toContain('氏名,フリガナ,会社名,メールアドレス');
  expect(text).toContain(CUSTOMER);

  // Suspend, then reactivate.
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: '詳細' })).toBeVisible();
  await page.getByRole('button', { name: 'アカウントを停止' }).click();
  const suspend = page.getByRole('dialog', { name: '荷主アカウントを停止しますか？' });
  await suspend.getByRole('button', { name: 'アカウントを停止' }).click();
  await expectToast(page, 'アカウントを停止しました。');
  await expect(page.getByText('停止中').first()).toBeVisible();
  await expect(page.getByRole('region', { name: '操作履歴' }).getByText('アカウント停止')).toBeVisible();

  await page.getByRole('button', { name: 'アカウントを再開' }).click();
  await page
    .getByRole('dialog', { name: '荷主アカウントを再開しますか？' })
    .getByRole('button', { name: 'アカウントを再開' })
    .click();
  await expectToast(page, 'アカウントを有効にしました。');
  await expect(page.getByRole('button', { name: 'アカウントを停止' })).toBeVisible();

  // The customer's transaction history lists its requests.
  await page.getByRole('tab', { name: '取引履歴' }).click();
  await expect(page).toHaveURL(/\/transaction-histories$/);
  await expect(page.getByRole('table', { name: '取引履歴' }).getByRole('link', { name: '精密機器部品' })).toBeVisible();

  // A delivery and its tabs.
  await page.getByRole('navigation').getByRole('link', { name: '依頼一覧' }).click();
  await page.getByRole('searchbox').fill('精密');
  await page.getByRole('button', { name: '検索' }).click();
  await page.getByRole('link', { name: '精密機器部品' }).first().click();
  await expect(page.getByText('株式会社サンプル物産').first()).toBeVisible();
  await page.getByRole('tab', { name: '輸送情報' }).click();
  await expect(page).toHaveURL(/\/transports$/);
  await expect(page.getByText('集荷', { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'トークルーム' }).click();
  await expect(page.getByText('管理者は閲覧のみです。')).toBeVisible();
  await expect(page.getByRole('button', { name: /とのトークルーム/ }).first()).toBeVisible();
  await page.getByRole('tab', { name: '配送完了確認' }).click();
  await expect(page).toHaveURL(/\/delivery-confirmation$/);
  await expect(page.getByText('まだ完了報告はありません。')).toBeVisible();

  // A broadcast to customers, with a preview first.
  const title = `システムメンテナンスのお知らせ ${Date.now()}`;
  await page.getByRole('navigation').getByRole('link', { name: '通知履歴' }).click();
  await page.getByRole('link', { name: '新規通知を作成' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '通知登録（送信）' })).toBeVisible();
  await page.getByRole('checkbox', { name: '荷主' }).check();
  await page.getByLabel(/^タイトル/).fill(title);
  await page.getByLabel(/^本文/).fill('12月1日 2:00〜4:00 はサービスを停止します。');
  await page.getByRole('button', { name: 'プレビュー' }).click();
  const preview = page.getByRole('region', { name: 'プレビュー' });
  await expect(preview.getByText(title)).toBeVisible();
  await page.getByRole('button', { name: '送信する' }).click();
  await expectToast(page, 'お知らせを送信しました。');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('荷主', { exact: true })).toBeVisible();

  // The customer reads it.
  const customer = await signedInPage(browser, 'customer', CUSTOMER);
  await customer.goto('/notifications?tab=system');
  await expect(customer.getByText(title)).toBeVisible();
  await customer.getByText(title).click();
  await expect(customer.getByText('12月1日 2:00〜4:00 はサービスを停止します。')).toBeVisible();

  // Back in the history, the broadcast counts one read.
  await page.getByRole('link', { name: '通知履歴へ戻る' }).click();
  await page.getByRole('searchbox').fill(title);
  await page.getByRole('button', { name: '検索' }).click();
  // The customer opened it: one read.
  // 既読数 is the fourth column.
  await expect(page.getByRole('row').filter({ hasText: title }).getByRole('cell').nth(3)).toHaveText(/^1（\d+%）$/);
  await customer.context().close();

  // Every admin action is on the audit log page.
  await page.getByRole('navigation').getByRole('link', { name: '操作履歴' }).click();
  await page.getByRole('combobox', { name: '操作' }).selectOption('NOTIFICATION_SENT');
  await expect(page).toHaveURL(/action=NOTIFICATION_SENT/);
  await expect(page.getByRole('table', { name: '操作履歴' }).getByRole('cell', { name: 'お知らせの送信' }).first()).toBeVisible();
  await page.getByRole('combobox', { name: '操作' }).selectOption('ACCOUNT_SUSPENDED');
  await expect(page.getByRole('table', { name: '操作履歴' }).getByRole('cell', { name: '有効 → 停止中' }).first()).toBeVisible();
});

const delivery = (baggageName: string) => ({
  vehicleType: 'FOUR_T_TRUCK',
  vehicleTemperatureRange: 'ROOM',
  baggageName,
  totalWeight: 420,
  transports: [
    {
      transportType: 'PICKUP',
      prefecture: '東京都',
      city: '港区',
      town: '芝浦',
      block: '2-1',
      timeFrom: jst(8, 9),
      timeTo: jst(8, 12),
      elevator: 'YES',
    },
    {
      transportType: 'DELIVERY',
      prefecture: '千葉県',
      city: '千葉市美浜区',
      town: '中瀬',
      block: '1-1',
      timeFrom: jst(9, 9),
      timeTo: jst(9, 17),
      elevator: 'NO',
    },
  ],
});

/** A file uploaded through the signed upload, as the web client does it; answers its id. */
async function uploadByApi(request: APIRequestContext, session: ApiSession, fileName: string, fileType: string) {
  const signed = await session.post('/files/upload', { files: [{ fileName, fileType }], filePath: 'e2e' });
  expect(signed.status(), await signed.text()).toBe(201);
  const [upload] = (await signed.json()) as { fileId: string; url: string; fields: Record<string, string> }[];
  const posted = await request.post(upload!.url, {
    multipart: { ...upload!.fields, file: { name: fileName, mimeType: fileType, buffer: readFileSync(fixture(fileName)) } },
  });
  expect(posted.status(), await posted.text()).toBe(204);
  return upload!.fileId;
}

async function ok(response: Promise<APIResponse>) {
  const res = await response;
  expect(res.ok(), await res.text()).toBeTruthy();
  return res.json();
}

test('an operator suspends a driver manager: its invited driver can no longer sign in; reactivating lets it in again', async ({
  page,
  browser,
  request,
}) => {
  // A carrier company of this journey's own: a manager and the driver it invited.
  const managerEmail = uniqueEmail(`suspend-mgr-${run}`);
  const driverEmail = uniqueEmail(`suspend-drv-${run}`);
  await registerDriverManagerByApi(request, managerEmail, DEMO_PASSWORD);
  const manager = await apiSignIn(request, managerEmail, DEMO_PASSWORD, 'DRIVER_MANAGER');
  await ok(manager.post('/auth/driver-invite', { email: driverEmail }));
  const token = (await mailLink(request, driverEmail)).searchParams.get('token');
  const registered = await request.post('/api/v1/auth/driver-register', {
    headers: { 'X-CSRF-Token': (await request.storageState()).cookies.find((c) => c.name === 'csrf-token')?.value ?? '' },
    data: {
      token,
      password: DEMO_PASSWORD,
      confirmPassword: DEMO_PASSWORD,
      lastName: '停止',
      firstName: '確認',
      phone: '09012345678',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);

  await signIn(page, 'admin', 'admin@demo.example.jp', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('navigation').getByRole('link', { name: 'ドライバーアカウント' }).click();
  await page.getByRole('searchbox').fill(managerEmail);
  await page.getByRole('button', { name: '検索' }).click();
  const row = page.getByRole('row').filter({ hasText: managerEmail });
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: '詳細' })).toBeVisible();

  await page.getByRole('button', { name: 'アカウントを停止' }).click();
  const suspend = page.getByRole('dialog', { name: 'アカウントを停止しますか？' });
  await expect(suspend.getByText('所属するドライバーのアカウントもすべて停止されます。', { exact: false })).toBeVisible();
  await suspend.getByRole('button', { name: 'アカウントを停止' }).click();
  await expectToast(page, 'アカウントを停止しました。');
  await expect(page.getByRole('button', { name: 'アカウントを再開' })).toBeVisible();

  // The invited driver tries to sign in.
  const driverContext = await browser.newContext();
  const driver = await driverContext.newPage();
  await signIn(driver, 'driver', driverEmail, DEMO_PASSWORD);
  await expect(driver.getByText('このアカウントは利用停止中です。運営までお問い合わせください。')).toBeVisible();
  await expect(driver).toHaveURL(/\/sign-in\/driver$/);

  await page.getByRole('button', { name: 'アカウントを再開' }).click();
  await page
    .getByRole('dialog', { name: 'アカウントを再開しますか？' })
    .getByRole('button', { name: 'アカウントを再開' })
    .click();
  await expectToast(page, 'アカウントを有効にしました。');
  await expect(page.getByRole('button', { name: 'アカウントを停止' })).toBeVisible();

  await driver.getByRole('button', { name: 'ログイン', exact: true }).click();
  await expect(driver).not.toHaveURL(/\/sign-in/);
  await driverContext.close();
});

test('an operator deletes an open delivery, is refused on a reported one, and reads its talkroom and report', async ({
  page,
  playwright,
}, testInfo) => {
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const driverRequest = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  const customer = await apiSignIn(request, 'customer@demo.example.jp', DEMO_PASSWORD, 'CUSTOMER');
  const driver = await apiSignIn(driverRequest, 'driver2@demo.example.jp', DEMO_PASSWORD, 'DRIVER');
  const openName = `削除する家具-${run}`;
  const reportedName = `報告済みの家電-${run}`;
  await ok(customer.post('/request-items/deliveries', delivery(openName)));
  const reported = (await ok(customer.post('/request-items/deliveries', delivery(reportedName)))) as { id: string };

  // The reported one: a bid, approved; a message with a PDF and a photo; pickup; the three report images.
  const applied = (await ok(driver.post('/request-items/request-prices', { requestItemId: reported.id, price: 36000 }))) as {
    candidate: { id: string };
  };
  const candidates = (await ok(customer.get(`/candidates?requestId=${reported.id}`))) as {
    data: { id: string; talkroom: { id: string } }[];
  };
  const chosen = candidates.data[0]!;
  expect(applied.candidate.id).toBe(chosen.id);
  await ok(customer.post(`/candidates/${chosen.id}/approve`, { requestItemId: reported.id }));
  const attachments = [
    await uploadByApi(request, customer, 'maintenance-notice.pdf', 'application/pdf'),
    await uploadByApi(request, customer, 'baggage.png', 'image/png'),
  ];
  const content = `搬入経路の資料と荷姿の写真です。（${run}）`;
  await ok(
    customer.post(`/request-items/${reported.id}/messages`, { talkroomId: chosen.talkroom.id, content, fileIds: attachments }),
  );
  await ok(customer.patch(`/request-items/talkrooms/${chosen.talkroom.id}/inactivate`));
  await ok(driver.patch(`/request-items/confirm-receive/${reported.id}`));
  await ok(
    driver.post(`/request-items/delivery-report/${reported.id}`, {
      receiptImageId: await uploadByApi(driverRequest, driver, 'report-receipt.png', 'image/png'),
      recipientSignatureImageId: await uploadByApi(driverRequest, driver, 'report-signature.png', 'image/png'),
      deliveryImageId: await uploadByApi(driverRequest, driver, 'report-delivery.png', 'image/png'),
    }),
  );
  await request.dispose();
  await driverRequest.dispose();

  await signIn(page, 'admin', 'admin@demo.example.jp', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  const searchDeliveries = async (name: string) => {
    await page.getByRole('navigation').getByRole('link', { name: '依頼一覧' }).click();
    await page.getByRole('searchbox').fill(name);
    await page.getByRole('button', { name: '検索' }).click();
  };
  const findDelivery = async (name: string) => {
    await searchDeliveries(name);
    await page.getByRole('link', { name }).first().click();
    await expect(page.getByText(name).first()).toBeVisible();
  };

  // The open one is deleted and gone from the list.
  await findDelivery(openName);
  await page.getByRole('button', { name: '依頼を削除' }).click();
  const remove = page.getByRole('dialog', { name: '配送依頼を削除しますか？' });
  await expect(remove.getByText(/承認済み以降.*削除できません/)).toBeVisible();
  await remove.getByRole('button', { name: '削除する' }).click();
  await expectToast(page, '配送依頼を削除しました');
  await expect(page).toHaveURL(/\/dashboard\/deliveries$/);
  await page.getByRole('searchbox').fill(openName);
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page.getByText('データがありません。').first()).toBeVisible();

  // The reported one: its row and its page give the approved bid as the agreed price, not 見積もり受付中.
  await searchDeliveries(reportedName);
  await expect(page.getByRole('row').filter({ hasText: reportedName })).toContainText('合意金額 36,000円');
  await page.getByRole('link', { name: reportedName }).first().click();
  await expect(page.getByText('合意金額 36,000円')).toBeVisible();
  // It cannot be deleted, and the page says why.
  await expect(page.getByRole('button', { name: '依頼を削除' })).toBeDisabled();
  // The reason names the request's own status (it said 承認済み whatever the status was).
  await expect(page.getByText('この依頼は集荷作業中のため削除できません。')).toBeVisible();
  // The 運送条件書 issued at the approval, downloadable by the operator too.
  const [conditions] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: '運送条件書（PDF）' }).click(),
  ]);
  expect(conditions.suggestedFilename()).toMatch(/^運送条件書_TC-[0-9A-F]{4}-[0-9A-F]{4}\.pdf$/);

  // Its talkroom, read-only, with the message's attachments.
  await page.getByRole('tab', { name: 'トークルーム' }).click();
  await expect(page.getByText('管理者は閲覧のみです。')).toBeVisible();
  const conversation = page.getByRole('list', { name: 'トークルーム' });
  await expect(conversation.getByText(content)).toBeVisible();
  await expect(conversation.getByRole('link', { name: 'maintenance-notice.pdf' })).toBeVisible();
  await expect(conversation.getByRole('img', { name: 'baggage.png' })).toBeVisible();
  await expect(page.getByRole('textbox')).toHaveCount(0);

  // The report's three images, each loaded.
  await page.getByRole('tab', { name: '配送完了確認' }).click();
  await expect(page).toHaveURL(/\/delivery-confirmation$/);
  for (const label of ['受領書', '受取人の署名', '配送完了の写真']) {
    const image = page.getByRole('img', { name: label });
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }
  // Each stop's waiting and loading time, read-only: the driver tapped nothing here.
  const stops = page.getByTestId('stop-times');
  await expect(stops).toHaveCount(2);
  await expect(stops.first().getByTestId('waiting-minutes')).toHaveText('—');
  await expect(page.getByRole('button', { name: '到着' })).toHaveCount(0);
});

test('a broadcast with a PDF reaches a signed-in driver live, who opens it and its attachment', async ({ page, browser }) => {
  const driver = await signedInPage(browser, 'driver', 'driver1@demo.example.jp');
  await driver.goto('/my-page');
  // Survives only as long as the document does: proof that nothing reloads the page.
  await driver.evaluate(() => Object.assign(window, { openedBeforeBroadcast: true }));

  const title = `車両点検のお知らせ ${run}`;
  await signIn(page, 'admin', 'admin@demo.example.jp', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/notifications/create');
  await page.getByRole('checkbox', { name: 'ドライバー', exact: true }).check();
  await page.getByLabel(/^タイトル/).fill(title);
  await page.getByLabel(/^本文/).fill('点検の手順は添付のPDFをご確認ください。');
  await page.locator('input[type="file"]').setInputFiles(fixture('maintenance-notice.pdf'));
  await expect(page.getByText('maintenance-notice.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'プレビュー' }).click();
  await expect(page.getByRole('region', { name: 'プレビュー' }).getByText(title)).toBeVisible();
  await page.getByRole('button', { name: '送信する' }).click();
  await expectToast(page, 'お知らせを送信しました。');

  // The driver's open page shows it without a reload.
  await expect(driver.getByText(title).first()).toBeVisible();
  expect(await driver.evaluate(() => 'openedBeforeBroadcast' in window)).toBe(true);
  await driver.getByRole('banner').getByRole('button', { name: /^通知/ }).click();
  await driver
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(title) })
    .first()
    .click();
  await expect(driver.getByText('点検の手順は添付のPDFをご確認ください。')).toBeVisible();
  const attachment = driver.getByRole('link', { name: /maintenance-notice\.pdf/ });
  await expect(attachment).toBeVisible();
  // Opening it: the PDF itself.
  const href = await attachment.getAttribute('href');
  const pdf = await driver.request.get(new URL(href!, driver.url()).toString());
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await driver.context().close();
});

// ───────────────────────── the admin's second factor (decision 053) ─────────────────────────

const ADMIN = 'admin@demo.example.jp';
/** What the journey learnt, so that afterAll can turn the demo admin's factor off whatever happened. */
const enrolled: { secret?: string; recoveryCodes: string[]; lastStep: number } = { recoveryCodes: [], lastStep: -1 };

/**
 * A code for a time step newer than the last one used, as a person waits for the app's next
 * code (the server accepts each step once): the current step's or the next one's.
 */
async function nextCode(secret: string): Promise<string> {
  await expect.poll(() => TOTP.counter() >= enrolled.lastStep, { timeout: 45_000 }).toBe(true);
  const step = Math.max(enrolled.lastStep + 1, TOTP.counter());
  enrolled.lastStep = step;
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: step * 30_000 });
}

test.afterAll(async ({ playwright }, testInfo) => {
  // Other journeys sign in as the demo admin with its password alone.
  if (!enrolled.secret) return;
  const request = await playwright.request.newContext({ baseURL: testInfo.project.use.baseURL });
  await request.get('/api/v1/auth/session');
  const headers = { 'X-CSRF-Token': (await request.storageState()).cookies.find((c) => c.name === 'csrf-token')?.value ?? '' };
  const login = await (
    await request.post('/api/v1/auth/login', { headers, data: { email: ADMIN, password: DEMO_PASSWORD, role: 'ADMIN' } })
  ).json();
  if (login.totpRequired) {
    const code = enrolled.recoveryCodes.at(-1)!;
    const signedIn = await request.post('/api/v1/auth/login/totp', {
      headers,
      data: { challengeToken: login.challengeToken, code },
    });
    const { accessToken } = await signedIn.json();
    const off = await request.post('/api/v1/auth/totp/disable', {
      headers: { ...headers, Authorization: `Bearer ${accessToken}` },
      data: { password: DEMO_PASSWORD, code: await nextCode(enrolled.secret) },
    });
    expect(off.ok(), await off.text()).toBeTruthy();
  }
  await request.dispose();
});

async function codeStep(page: Page, code: string) {
  await expect(page.getByRole('heading', { name: '二段階認証' })).toBeVisible();
  await page.getByLabel(/^確認コードまたはリカバリーコード/).fill(code);
  await page.getByRole('button', { name: '確認してログイン' }).click();
}

test('the admin turns on the second factor in settings, then signs in with the code; a replayed code is refused', async ({
  page,
}) => {
  await signIn(page, 'admin', ADMIN, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/dashboard/settings');
  const panel = page.getByRole('region', { name: '二段階認証' });
  await expect(panel.getByTestId('totp-state')).toHaveText('無効');
  await panel.getByRole('button', { name: '二段階認証を設定する' }).click();
  await expect(panel.getByRole('img', { name: '認証アプリに登録するQRコード' })).toBeVisible();
  const secret = (await panel.getByTestId('totp-secret').textContent())!.trim();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  enrolled.secret = secret;
  await panel.getByLabel(/^確認コード（6桁）/).fill(await nextCode(secret));
  await panel.getByRole('button', { name: '確認して有効にする' }).click();
  await expectToast(page, '二段階認証を有効にしました。');
  const codes = panel.getByRole('list', { name: 'リカバリーコードの一覧' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  enrolled.recoveryCodes = (await codes.allTextContents()).map((c) => c.trim());
  await panel.getByRole('button', { name: '保管しました' }).click();
  await expect(panel.getByTestId('totp-state')).toHaveText('有効');
  await expect(panel.getByText('未使用のリカバリーコード：10個')).toBeVisible();
  await expect(panel.getByText(secret)).toHaveCount(0);

  // Signing in again: the password is no longer enough.
  await page.context().clearCookies();
  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, 'admin', ADMIN, DEMO_PASSWORD);
  const wrong = String((Number(TOTP.generate({ secret: Secret.fromBase32(secret) })) + 500_000) % 1_000_000).padStart(6, '0');
  await codeStep(page, wrong);
  await expect(page.getByText('確認コードが正しくありません。', { exact: false })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in\/admin$/);
  const code = await nextCode(secret);
  await codeStep(page, code);
  await expect(page).toHaveURL(/\/dashboard$/);

  // The same code a second time, on another device: refused.
  const other = await page.context().browser()!.newContext();
  const otherPage = await other.newPage();
  await signIn(otherPage, 'admin', ADMIN, DEMO_PASSWORD);
  await codeStep(otherPage, code);
  await expect(otherPage.getByText('この確認コードは既に使用されています。', { exact: false })).toBeVisible();
  await other.close();

  // Turned off again with the password and a current code.
  await page.goto('/dashboard/settings');
  await panel.getByLabel(/^パスワード\s*必須$/).fill(DEMO_PASSWORD);
  await panel.getByLabel(/^確認コード（6桁）/).fill(await nextCode(secret));
  await panel.getByRole('button', { name: '無効にする' }).click();
  await expectToast(page, '二段階認証を無効にしました。');
  await expect(panel.getByTestId('totp-state')).toHaveText('無効');
  enrolled.secret = undefined;
});
