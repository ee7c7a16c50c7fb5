/**
 * Issue 49 items 2, 3 and 5 (decision 107): a shipper whose delivery is under way is told of the
 * truck's arrival, repeats the request (the form filled with its contents) and posts it, saves it
 * as a template and sets a weekly schedule (定期便), seeing the next occurrences.
 */
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import {
  DEMO_PASSWORD,
  apiSignIn,
  expectToast,
  jst,
  registerCustomerByApi,
  signedInPage,
  tokyoOsakaStop,
  uniqueEmail,
} from './helpers';

const PASSWORD = 'Repeat1234!';
const BAGGAGE = `定期便E2E-${Date.now()}`;
let email = '';
let requestItemId = '';

test.beforeAll(async ({ playwright }, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const shipperContext = await playwright.request.newContext({ baseURL });
  email = uniqueEmail('repeat');
  await registerCustomerByApi(shipperContext, email, PASSWORD);
  const shipper = await apiSignIn(shipperContext, email, PASSWORD, 'CUSTOMER');
  const created = await shipper.post('/request-items/deliveries', {
    vehicleType: 'FOUR_T_TRUCK',
    vehicleTemperatureRange: 'ROOM',
    baggageName: BAGGAGE,
    totalWeight: 800,
    transports: [tokyoOsakaStop('PICKUP', 3), { ...tokyoOsakaStop('DELIVERY', 4), timeFrom: jst(4, 9), timeTo: jst(4, 17) }],
    price: 45000,
  });
  expect(created.status(), await created.text()).toBe(201);
  requestItemId = (await created.json()).id;

  // driver1 takes the job, both finish the meeting, and the truck arrives at the pickup.
  const driverContext = await playwright.request.newContext({ baseURL });
  const driver = await apiSignIn(driverContext, 'driver1@demo.example.jp', DEMO_PASSWORD, 'DRIVER');
  const applied = await driver.post('/request-items/apply-fixed-price', { requestItemId });
  expect(applied.ok(), await applied.text()).toBeTruthy();
  const { candidate } = await applied.json();
  const approved = await shipper.post(`/candidates/${candidate.id}/approve`, { requestItemId });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  expect((await shipper.patch(`/request-items/talkrooms/${candidate.talkroom.id}/inactivate`)).ok()).toBeTruthy();
  expect((await driver.patch(`/request-items/confirm-receive/${requestItemId}`)).ok()).toBeTruthy();
  const { stops } = await (await driver.get(`/request-items/${requestItemId}/stop-times`)).json();
  const pickup = stops.find((s: { transportType: string }) => s.transportType === 'PICKUP');
  const tapped = await driver.post(`/request-items/${requestItemId}/stop-times`, {
    clientId: randomUUID(),
    stopId: pickup.stopId,
    event: 'ARRIVED',
    occurredAt: new Date().toISOString(),
  });
  expect(tapped.ok(), await tapped.text()).toBeTruthy();
  await shipperContext.dispose();
  await driverContext.dispose();
});

test('the shipper sees the arrival, repeats the request, saves a template and sets a weekly schedule', async ({ browser }) => {
  const page = await signedInPage(browser, 'customer', email, PASSWORD);

  // The truck's arrival, in the notifications.
  await page.goto('/notifications');
  await expect(page.getByText(`到着: ${BAGGAGE}`).first()).toBeVisible();

  // The request's detail: the notices are on for it; 「同じ内容で依頼」 opens the form with its contents.
  await page.goto(`/shipping-requests/my-items/detail/${requestItemId}`);
  await expect(page.getByRole('checkbox', { name: 'この依頼の到着・出発を通知する' })).toBeChecked();
  await page.getByRole('link', { name: '同じ内容で依頼' }).click();
  await expect(page).toHaveURL(/\/shipping-requests\/create\?from=/);
  await expect(page.getByRole('status').filter({ hasText: '前回と同じ内容を入力しました' })).toBeVisible();
  const form = page.getByRole('form', { name: '配送依頼' });
  await expect(form.getByLabel(/^荷物名/)).toHaveValue(BAGGAGE);
  await form.getByRole('button', { name: '確認画面へ' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '掲載する' }).click();
  await expect(page).toHaveURL(/\/shipping-requests\/create\/success/);

  // Saved as a template from the first request's detail.
  await page.goto(`/shipping-requests/my-items/detail/${requestItemId}`);
  await page.getByRole('button', { name: 'テンプレートとして保存' }).click();
  await page.getByLabel('テンプレート名').fill('毎週月曜 銀座→梅田');
  await page.getByRole('button', { name: '保存する' }).click();
  await expectToast(page, 'テンプレート「毎週月曜 銀座→梅田」を保存しました。');

  // A weekly schedule on it: Mondays and Thursdays, and what is coming.
  await page.getByRole('link', { name: 'テンプレート・定期便を開く' }).click();
  await expect(page).toHaveURL(/\/my-page\/templates$/);
  const card = page.getByRole('region', { name: '毎週月曜 銀座→梅田' });
  await card.getByRole('button', { name: '定期便を設定' }).click();
  const scheduleForm = card.getByRole('form', { name: '定期便を設定' });
  await scheduleForm.getByRole('checkbox', { name: '木' }).check();
  await scheduleForm.getByRole('button', { name: '定期便を保存' }).click();
  await expectToast(page, '定期便を保存しました。');
  await expect(card.getByTestId('schedule-summary')).toHaveText(/毎週 月・木 \d\d:\d\d 集荷/);
  const upcoming = card.getByRole('list', { name: '今後の予定' });
  await expect(upcoming.getByTestId('occurrence').first()).toBeVisible();
  expect(await upcoming.getByTestId('occurrence').count()).toBeGreaterThan(3);

  // One occurrence skipped: the last one that may still be changed, weeks ahead. The first ones
  // fall within the days ahead that are posted, and the posting job (every minute) may decide one
  // just before the tap, so the skip is refused (この回はすでに掲載済みか…), the likely cause of a
  // CI failure. Found again by its day and time, as its buttons go once it is skipped.
  const changeable = upcoming.getByTestId('occurrence').filter({ has: page.getByRole('button', { name: 'この回を休む' }) });
  const when = await changeable.last().locator('span').first().innerText();
  const occurrence = upcoming.getByTestId('occurrence').filter({ hasText: when });
  await occurrence.getByRole('button', { name: 'この回を休む' }).click();
  await expectToast(page, 'この回を休みにしました。');
  await expect(occurrence).toContainText('休みに設定');
});
