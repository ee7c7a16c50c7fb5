/**
 * The marketplace end to end through the UI only (issue 5, Tests): the customer, driver1 and
 * driver2 each in a browser context of their own, side by side. A delivery from posting to
 * completion; a warehouse request with two candidates; cancel, delete by owner and the guard.
 * Every request is made here through the screens and found by a name unique to this run, so
 * the journey holds whatever else the other specs put on the same server. Full-page screenshots
 * of the screens on the way at 375 and 1280 px: test-results/artifacts/journey-<screen>-<width>.png.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type Page, expect, test } from '@playwright/test';
import { chooseWarehouseRequest, expectNoToastOver, expectToast, fillAddress, fillStop, signedInPage } from './helpers';

const ARTIFACTS = 'test-results/artifacts';
const CUSTOMER = 'customer@demo.example.jp';
const DRIVER1 = 'driver1@demo.example.jp';
const MANAGER = 'manager@demo.example.jp';
const DRIVER2 = 'driver2@demo.example.jp';
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

test.use({ timezoneId: 'Asia/Tokyo' });
test.beforeAll(() => mkdirSync(ARTIFACTS, { recursive: true }));

/** A full-page screenshot at phone and desktop widths (journey-<screen>-<width>.png), back at desktop afterwards. */
async function shoot(page: Page, screen: string) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${ARTIFACTS}/journey-${screen}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Confirms the posting dialog and follows the success page to the new request; returns its id. */
async function publish(page: Page, dialogName: string): Promise<string> {
  await page.getByRole('dialog', { name: dialogName }).getByRole('button', { name: '掲載する' }).click();
  await expect(page).toHaveURL(/\/shipping-requests\/create\/success/);
  await expect(page.getByRole('heading', { name: '依頼を掲載しました' })).toBeVisible();
  await page.getByRole('link', { name: '掲載した依頼を見る' }).click();
  await expect(page).toHaveURL(/\/shipping-requests\/my-items\/detail\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop() ?? '';
}

interface DeliveryPost {
  baggageName: string;
  /** Fixed price in yen; an estimation request when absent. */
  fixedPrice?: number;
  transit?: boolean;
  image?: boolean;
  /** 常温 unless given. */
  temperature?: '常温' | '冷蔵' | '冷凍';
  /** 総重量 in kg, 850 unless given. */
  weightKg?: number;
}

/** Posts a delivery on /shipping-requests/create (stops filled through the postal-code lookup). */
async function postDelivery(page: Page, post: DeliveryPost): Promise<string> {
  await page.goto('/shipping-requests/create');
  const form = page.getByRole('form', { name: '配送依頼' });
  await expect(form).toBeVisible();
  if (post.transit) {
    await form.getByRole('button', { name: '経由地を追加' }).click();
    await expect(page.getByRole('group', { name: '経由1', exact: true })).toBeVisible();
  }
  await fillStop(page, '集荷先', '100-0001', '千代田区', '1-1');
  if (post.transit) await fillStop(page, '経由1', '220-0011', '横浜市西区', '2-2');
  await fillStop(page, '配達先', '220-0011', '横浜市西区', '3-3');
  await form.getByRole('combobox', { name: /車両/ }).click();
  await page.getByRole('option', { name: '4t', exact: true }).click();
  await form.getByRole('radio', { name: post.temperature ?? '常温', exact: true }).check();
  await form.getByLabel(/^荷物名/).fill(post.baggageName);
  await form.getByLabel(/^総重量/).fill(String(post.weightKg ?? 850));
  if (post.fixedPrice) {
    await form.getByRole('radio', { name: '固定価格' }).check();
    await form.getByLabel(/^金額/).fill(String(post.fixedPrice));
  }
  if (post.image) {
    await form.locator('input[type="file"]').setInputFiles(fixture('baggage.png'));
    await expectToast(page, 'ファイルのアップロードに成功しました');
    await expect(form.getByText('baggage.png')).toBeVisible();
  }
  await form.getByRole('button', { name: '確認画面へ' }).click();
  const confirm = page.getByRole('dialog', { name: '配送依頼の確認' });
  await expect(confirm.getByTestId('stop-label')).toHaveText(post.transit ? ['集荷先', '経由1', '配達先'] : ['集荷先', '配達先']);
  if (post.image) await expect(confirm.getByText('1枚')).toBeVisible();
  return publish(page, '配送依頼の確認');
}

/** The price-fixed apply on a request's detail, through its confirm dialog, to the applied page. */
async function applyAtFixedPrice(page: Page, requestItemId: string, applied: 'delivery' | 'warehouse') {
  await expect(page).toHaveURL(new RegExp(`/shipping-requests/detail/${requestItemId}$`));
  await page.getByRole('button', { name: '提示価格で応募する' }).click();
  await page.getByRole('dialog', { name: '提示価格で応募しますか？' }).getByRole('button', { name: '応募する' }).click();
  await expect(page).toHaveURL(new RegExp(`/shipping-requests/applied/${applied}$`));
  await expectToast(page, '依頼を荷主様へ送信しました。');
}

const conversation = (page: Page) => page.getByRole('log', { name: 'メッセージ' });

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'メッセージ' }).fill(text);
  await page.getByRole('button', { name: '送信' }).click();
  await expect(conversation(page).getByText(text)).toBeVisible();
}

/** A row of a list (my-items, applied-items) by the request it leads to. */
const rowOf = (page: Page, requestItemId: string) => page.locator(`[data-testid="request-row"][href$="/${requestItemId}"]`);

async function openMyItem(page: Page, requestItemId: string, tab: '配送依頼' | '倉庫依頼' = '配送依頼') {
  await page.goto('/shipping-requests/my-items');
  await page.getByRole('tab', { name: tab }).click();
  await rowOf(page, requestItemId).click();
  await expect(page).toHaveURL(new RegExp(`/shipping-requests/my-items/detail/${requestItemId}$`));
}

async function closeAll(...pages: Page[]) {
  for (const page of pages) await page.context().close();
}

test('a delivery from posting to completion: found by filter, bid, approved, talked over, reported and approved', async ({
  browser,
}) => {
  const customer = await signedInPage(browser, 'customer', CUSTOMER);
  const driver1 = await signedInPage(browser, 'driver', DRIVER1);
  const driver2 = await signedInPage(browser, 'driver', DRIVER2);
  const baggage = `精密機器${run}`;
  const fixedBaggage = `固定価格の家具${run}`;

  // The customer posts an estimation delivery with a pickup, a transit, a delivery and an image, and a fixed-price one.
  await customer.goto('/shipping-requests/create');
  await expect(customer.getByRole('heading', { level: 1, name: '依頼を作成' })).toBeVisible();
  await shoot(customer, 'create');
  // 2 t, 冷蔵: a load for the actual-carrier register and the cold-chain record.
  const deliveryId = await postDelivery(customer, {
    baggageName: baggage,
    transit: true,
    image: true,
    temperature: '冷蔵',
    weightKg: 2000,
  });
  await expect(customer.getByTestId('stop-label')).toHaveText(['集荷', '経由1', '配達']);
  const fixedId = await postDelivery(customer, { baggageName: fixedBaggage, fixedPrice: 30000 });

  // driver1 starts from home, filters by the pickup prefecture and the keyword, and bids.
  await driver1.goto('/');
  await expect(driver1.getByRole('heading', { level: 1, name: '運べる案件を、すぐに見つける' })).toBeVisible();
  await expect(driver1.getByTestId('request-row').first()).toBeVisible();
  await shoot(driver1, 'home');
  await driver1.goto('/shipping-requests/filter');
  const filter = driver1.getByRole('form', { name: '絞り込み検索' });
  await filter.getByLabel('キーワード').fill(baggage);
  const pickup = filter.getByRole('group', { name: '集荷地' });
  await pickup.getByRole('button', { name: '集荷地: 地域を追加' }).click();
  await pickup.getByRole('combobox', { name: /都道府県/ }).click();
  await driver1.getByRole('option', { name: '東京都', exact: true }).click();
  await filter.getByRole('button', { name: 'この条件で検索' }).click();
  await expect(driver1).toHaveURL(/\/shipping-requests\/results\?/);
  await expect(driver1.getByRole('button', { name: `条件「「${baggage}」」を外す` })).toBeVisible();
  const result = driver1.getByTestId('request-row').filter({ hasText: baggage });
  await expect(result).toContainText('東京都千代田区 → 神奈川県横浜市西区');
  await expect(driver1.getByTestId('request-row')).toHaveCount(1);
  await shoot(driver1, 'results');
  await result.click();

  await expect(driver1).toHaveURL(new RegExp(`/shipping-requests/detail/${deliveryId}$`));
  await expect(driver1.getByTestId('stop-label')).toHaveText(['集荷', '経由1', '配達']);
  await expect(driver1.getByText('2,000kg')).toBeVisible();
  await shoot(driver1, 'detail');
  await driver1.getByRole('link', { name: '見積もり価格を提示して応募' }).click();
  await expect(driver1).toHaveURL(new RegExp(`/shipping-requests/detail/${deliveryId}/price-estimation$`));
  await driver1.getByLabel(/見積もり価格（円）/).fill('38000');
  await driver1.getByRole('button', { name: '確認へ進む' }).click();
  const bid = driver1.getByRole('dialog', { name: '見積もり価格を送信しますか？' });
  await expect(bid).toContainText('合計（税込）41,800円で荷主様へ応募します。');
  await bid.getByRole('button', { name: '送信する' }).click();
  await expect(driver1).toHaveURL(/\/shipping-requests\/applied\/delivery$/);
  await expectToast(driver1, '依頼を荷主様へ送信しました。');
  await expect(bid).toBeHidden();

  // driver2 applies at the fixed price on the other request, found by its keyword.
  await driver2.goto(`/shipping-requests/results?keyword=${encodeURIComponent(fixedBaggage)}`);
  await driver2.getByTestId('request-row').filter({ hasText: fixedBaggage }).click();
  await expect(driver2.getByText('30,000円').first()).toBeVisible();
  await applyAtFixedPrice(driver2, fixedId, 'delivery');
  await driver2.goto('/shipping-requests/applied-items');
  await expect(rowOf(driver2, fixedId).getByTestId('candidacy')).toHaveText('選考中');

  // The customer approves driver1's bid: the approved page, then the talkroom.
  await openMyItem(customer, deliveryId);
  await expect(customer.getByTestId('next-step')).toHaveText('候補者を承認してください');
  await customer.getByRole('link', { name: /1件の応募/ }).click();
  await expect(customer).toHaveURL(new RegExp(`/my-items/detail/${deliveryId}/candidates/delivery$`));
  const candidate = customer.getByRole('article', { name: '田中 翔太' });
  await expect(candidate).toContainText('38,000円');
  await candidate.getByRole('link', { name: /詳細を見る/ }).click();
  await expect(customer).toHaveURL(/\/candidates\/delivery\/detail\/[\w-]+$/);
  await customer.getByTestId('candidate-detail').getByRole('button', { name: 'この応募者を承認' }).click();
  await customer.getByRole('dialog').getByRole('button', { name: '承認する' }).click();
  await expect(customer).toHaveURL(new RegExp(`/my-items/detail/${deliveryId}/candidates/delivery/approved$`));
  await expectToast(customer, 'ステータスを更新しました');
  await expect(customer.getByRole('heading', { name: '応募者を承認しました' })).toBeVisible();
  await customer.getByRole('link', { name: 'トークルームを開く' }).click();
  await expect(customer).toHaveURL(new RegExp(`/shipping-requests/detail/${deliveryId}/talkrooms/[\\w-]+$`));
  const room = new URL(customer.url()).pathname;
  await expect(customer.getByText('まだメッセージはありません。')).toBeVisible();
  // The approval issued the written transport conditions: a PDF beside the conversation.
  const [conditions] = await Promise.all([
    customer.waitForEvent('download'),
    customer.getByRole('button', { name: '運送条件書（PDF）' }).click(),
  ]);
  expect(conditions.suggestedFilename()).toMatch(/^運送条件書_TC-[0-9A-F]{4}-[0-9A-F]{4}\.pdf$/);
  expect(
    readFileSync(await conditions.path())
      .subarray(0, 5)
      .toString(),
  ).toBe('%PDF-');

  // driver1 sees the approval on applied-items and opens the same talkroom from there.
  await driver1.goto('/shipping-requests/applied-items');
  await expect(rowOf(driver1, deliveryId).getByTestId('candidacy')).toHaveText('承認されました');
  await shoot(driver1, 'applied-items');
  await rowOf(driver1, deliveryId).click();
  await expect(driver1.getByTestId('next-step')).toContainText('打ち合わせ');
  await shoot(driver1, 'applied-item-detail');
  await expect(driver1.getByRole('button', { name: '運送条件書（PDF）' })).toBeVisible();
  await driver1.getByRole('link', { name: 'トークルームを開く' }).click();
  await expect(driver1).toHaveURL(new RegExp(`${room}$`));

  // Messages appear on the other side without a reload.
  const hello = `お世話になります。本日9時に千代田区の倉庫でお願いします。（${run}）`;
  await send(customer, hello);
  await expect(conversation(driver1).getByText(hello)).toBeVisible();
  const reply = `承知しました。4tトラックで伺います。（${run}）`;
  await send(driver1, reply);
  await expect(conversation(customer).getByText(reply)).toBeVisible();
  await expect(conversation(customer).getByText('ドライバー', { exact: true })).toBeVisible();
  await shoot(customer, 'talkroom');

  // Meeting complete on both sides: pickup work starts, and the room stays open for the job (decision 085).
  await driver1.getByRole('button', { name: '打ち合わせ完了' }).click();
  await driver1.getByRole('dialog').getByRole('button', { name: '打ち合わせ完了' }).click();
  await expectToast(driver1, 'ステータスを更新しました');
  await expect(driver1.getByText('相手の打ち合わせ完了を待っています。')).toBeVisible();
  await customer.getByRole('button', { name: '打ち合わせ完了' }).click();
  await customer.getByRole('dialog').getByRole('button', { name: '打ち合わせ完了' }).click();
  await expectToast(customer, 'ステータスを更新しました');
  const closed = 'このトークルームは終了しました。メッセージの閲覧のみできます。';
  await expect(driver1.getByText('集荷作業中').first()).toBeVisible();
  await expect(customer.getByRole('textbox', { name: 'メッセージ' })).toBeVisible();
  await expect(customer.getByText(closed)).toHaveCount(0);

  // On the job, driver1 taps 到着 → 荷役開始 → 荷役終了 → 出発 at the pickup and at the delivery.
  await driver1.getByRole('link', { name: '依頼の詳細を見る' }).first().click();
  for (const stop of [/^集荷 /, /^配達 /]) {
    const card = driver1.getByRole('region', { name: stop });
    for (const step of ['到着', '荷役開始', '荷役終了', '出発'])
      await card.getByRole('button', { name: step, exact: true }).click();
    // No step is left to tap; a recorded time may still be corrected (decision 085).
    await expect(card.getByRole('button')).toHaveText(['時刻を修正']);
    await expect(card.getByTestId('waiting-minutes')).toHaveText('0分');
    await expect(card.getByTestId('loading-minutes')).toHaveText('0分');
  }
  await shoot(driver1, 'stop-times');

  // driver1 sends the three report images and, the load being 冷蔵, the temperatures: one is out of range.
  await driver1.getByRole('link', { name: '完了報告へ進む' }).click();
  await expect(driver1).toHaveURL(new RegExp(`/applied-items/detail/${deliveryId}/report$`));
  await expect(driver1.getByText('0 / 5 点提出済み')).toBeVisible();
  const record = driver1.getByRole('region', { name: '温度記録' });
  await expect(record.getByText('冷蔵の基準: 0〜10℃')).toBeVisible();
  await record.getByLabel('集荷時の温度').fill('4.5');
  await record.getByLabel('配達時の温度').fill('12.3');
  for (const [label, file] of [
    ['受領書', 'report-receipt.png'],
    ['受取人の署名', 'report-signature.png'],
    ['配送画像', 'report-delivery.png'],
  ] as const) {
    const slot = driver1.getByRole('region', { name: label });
    await slot.locator('input[type="file"]').setInputFiles(fixture(file));
    await expect(slot.getByText(file)).toBeVisible();
  }
  const sendReport = driver1.getByRole('button', { name: '完了報告を送信' });
  await expectNoToastOver(driver1, sendReport);
  await sendReport.click();
  await expectToast(driver1, '完了報告を送信しました。');
  await expect(driver1.getByText('5 / 5 点提出済み')).toBeVisible();
  await expect(driver1.getByText('すべて提出済みです。荷主様の承認をお待ちください。')).toBeVisible();
  await expect(record.getByTestId('temperature-reading')).toHaveText([/集荷時の温度\s*4\.5℃/, /配達時の温度\s*12\.3℃\s*基準外/]);
  await shoot(driver1, 'delivery-report');

  // The alert sends both sides where they can act: the customer asks in the room before approving.
  await customer.goto(room);
  const question = `配達時の温度が基準外でした。状況を教えてください。（${run}）`;
  await send(customer, question);
  await driver1.goto(room);
  await expect(conversation(driver1).getByText(question)).toBeVisible();
  const answer = `荷下ろし待ちの間、扉を開けていました。（${run}）`;
  await send(driver1, answer);
  await expect(conversation(customer).getByText(answer)).toBeVisible();

  // The customer checks the report and approves completion: back on the detail, completed.
  await openMyItem(customer, deliveryId);
  await expect(customer.getByTestId('next-step')).toHaveText('完了報告の確認待ち');
  await expect(customer.getByRole('img', { name: '受領書' })).toBeVisible();
  // The reading out of range is flagged to the customer before approving, on the page and in the dialog.
  await expect(customer.getByRole('region', { name: '温度記録' }).getByText('基準外')).toBeVisible();
  await customer.getByRole('button', { name: '完了報告を承認' }).click();
  const approval = customer.getByRole('dialog', { name: '完了報告を承認しますか？' });
  await expect(approval).toContainText('基準を外れた温度が記録されています。');
  await approval.getByRole('button', { name: '承認する' }).click();
  await expectToast(customer, '完了報告を承認しました');
  await expect(customer).toHaveURL(new RegExp(`/shipping-requests/my-items/detail/${deliveryId}$`));
  await expect(customer.getByTestId('next-step')).toHaveText('配送が完了しました');
  await expect(customer.getByTestId('status-badge').first()).toHaveText('配送完了');
  // The delivery done, its room is read-only for both.
  await customer.goto(room);
  await expect(customer.getByText(closed)).toBeVisible();
  await expect(customer.getByRole('textbox', { name: 'メッセージ' })).toHaveCount(0);
  await shoot(customer, 'talkroom-closed');

  // The 2 t load is in the customer's actual-carrier register for the month, with its carrier.
  await customer.goto('/shipping-requests/my-items');
  await customer.getByRole('main').getByRole('link', { name: '実運送体制管理簿' }).click();
  await expect(customer.getByRole('heading', { level: 1, name: '実運送体制管理簿' })).toBeVisible();
  const registerRow = customer.getByTestId('register-row').filter({ hasText: baggage });
  await expect(registerRow).toContainText('2,000');
  await expect(registerRow).toContainText('田中 翔太');
  await expect(registerRow).toContainText('配送完了');

  // The customer's monthly time report lists both stops of the job under their sites.
  await customer.goto('/shipping-requests/my-items/stop-times');
  await expect(customer.getByRole('heading', { level: 1, name: '荷待ち・荷役時間レポート' })).toBeVisible();
  await expect(customer.getByRole('img', { name: /^地点別の平均荷待ち・荷役時間（分）・目標 2時間/ })).toBeVisible();
  await expect(customer.getByTestId('report-site').getByRole('listitem').filter({ hasText: baggage })).toHaveCount(2);

  // driver1's company sees the same register row: its driver carried the load.
  const manager = await signedInPage(browser, 'driver-manager', MANAGER);
  await manager.goto('/carrier-register');
  await expect(manager.getByTestId('register-row').filter({ hasText: baggage })).toContainText('田中 翔太');

  // driver1 sees it completed among its applied items.
  await driver1.goto('/shipping-requests/applied-items');
  await expect(rowOf(driver1, deliveryId).getByTestId('status-badge')).toHaveText('配送完了');
  await rowOf(driver1, deliveryId).click();
  await expect(driver1.getByTestId('next-step')).toHaveText('配送が完了しました。お疲れさまでした。');

  await closeAll(customer, driver1, driver2, manager);
});

/** Posts a warehouse request on /shipping-requests/create; returns its id. */
async function postWarehouse(page: Page, message: string): Promise<string> {
  await page.goto('/shipping-requests/create');
  await chooseWarehouseRequest(page);
  const form = page.getByRole('form', { name: '倉庫依頼' });
  await fillAddress(form, '100-0001', '千代田区', '1-1');
  await form.getByRole('radio', { name: '冷凍', exact: true }).check();
  await form.getByLabel(/^面積/).fill('50');
  await form.getByLabel(/^依頼数量/).fill('20');
  await form.getByLabel(/^単価/).fill('8000');
  await form.getByLabel(/^ドライバーへのメッセージ/).fill(message);
  await form.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('dialog', { name: '倉庫依頼の確認' }).getByText('8,000円')).toBeVisible();
  return publish(page, '倉庫依頼の確認');
}

test('a warehouse request with two candidates: the approved one sees the approval, the other that it was not chosen', async ({
  browser,
}) => {
  const customer = await signedInPage(browser, 'customer', CUSTOMER);
  const driver1 = await signedInPage(browser, 'driver', DRIVER1);
  const driver2 = await signedInPage(browser, 'driver', DRIVER2);
  const warehouseId = await postWarehouse(customer, `冷凍倉庫の利用-${run}`);

  for (const driver of [driver1, driver2]) {
    await driver.goto(`/shipping-requests/detail/${warehouseId}`);
    await applyAtFixedPrice(driver, warehouseId, 'warehouse');
  }

  await openMyItem(customer, warehouseId, '倉庫依頼');
  await customer.getByRole('link', { name: /2件の応募/ }).click();
  await expect(customer).toHaveURL(new RegExp(`/my-items/detail/${warehouseId}/candidates/warehouse$`));
  await expect(customer.getByTestId('candidate-row')).toHaveCount(2);
  await customer.getByRole('article', { name: '伊藤 大輔' }).getByRole('button', { name: 'この応募者を承認' }).click();
  await customer.getByRole('dialog').getByRole('button', { name: '承認する' }).click();
  await expect(customer).toHaveURL(new RegExp(`/my-items/detail/${warehouseId}/candidates/warehouse/approved$`));
  await expect(customer.getByRole('heading', { name: 'マッチングが完了しました' })).toBeVisible();

  await driver2.goto('/shipping-requests/applied-items');
  await expect(rowOf(driver2, warehouseId).getByTestId('candidacy')).toHaveText('承認されました');
  await driver1.goto('/shipping-requests/applied-items');
  await expect(rowOf(driver1, warehouseId).getByTestId('candidacy')).toHaveText('選ばれませんでした');
  await rowOf(driver1, warehouseId).click();
  await expect(driver1.getByText('この依頼は、今回は別の方に決定しました。またのご応募をお待ちしております。')).toBeVisible();

  await closeAll(customer, driver1, driver2);
});

async function driverIsSentAway(browser: Browser, requestItemId: string) {
  const driver = await signedInPage(browser, 'driver', DRIVER1);
  await driver.goto('/shipping-requests/my-items');
  await expect(driver).toHaveURL(/\/not-found$/);
  await driver.goto(`/shipping-requests/my-items/detail/${requestItemId}`);
  await expect(driver).toHaveURL(/\/not-found$/);
  await closeAll(driver);
}

test('the owner cancels one request and deletes another, each with its message; a driver cannot open my-items', async ({
  browser,
}) => {
  const customer = await signedInPage(browser, 'customer', CUSTOMER);
  const cancelId = await postDelivery(customer, { baggageName: `キャンセル用の家具${run}` });
  const removeId = await postDelivery(customer, { baggageName: `削除用の書類箱${run}` });

  await openMyItem(customer, cancelId);
  await customer.getByRole('button', { name: '依頼をキャンセル' }).click();
  await customer.getByRole('dialog').getByRole('button', { name: 'キャンセルする' }).click();
  await expectToast(customer, '配送をキャンセルしました');
  await expect(customer.getByTestId('next-step')).toHaveText('この依頼はキャンセルされました');
  await expect(customer.getByRole('button', { name: '依頼をキャンセル' })).toHaveCount(0);

  await openMyItem(customer, removeId);
  await customer.getByRole('button', { name: '依頼を削除' }).click();
  await customer.getByRole('dialog').getByRole('button', { name: '削除する' }).click();
  await expect(customer).toHaveURL(/\/shipping-requests\/my-items$/);
  await expectToast(customer, '配送依頼を削除しました');
  await expect(rowOf(customer, cancelId).getByTestId('status-badge')).toHaveText('キャンセル');
  await expect(rowOf(customer, removeId)).toHaveCount(0);
  await closeAll(customer);

  await driverIsSentAway(browser, cancelId);
});
