/**
 * Trust between strangers (issue 48, decision 105) in Chromium: three deliveries carried with
 * their stop times and completed (through the API: those screens are other journeys' subject);
 * then on the screens a carrier reads a site's measured waiting before bidding, both sides of a
 * completed job review each other, and the shipper sees the carrier's rating on its bid and on
 * the carrier's profile.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type APIResponse, expect, test } from '@playwright/test';
import { type ApiSession, DEMO_PASSWORD, apiSignIn, expectToast, signedInPage } from './helpers';

const CUSTOMER = 'customer@demo.example.jp';
const DRIVER1 = 'driver1@demo.example.jp';
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
// A site of this run only: its figures are this run's three stops.
const block = `${(Date.now() % 900) + 100}-${Math.floor(Math.random() * 90) + 10}`;
const MIN = 60_000;

test.use({ timezoneId: 'Asia/Tokyo' });

async function ok(response: Promise<APIResponse>) {
  const res = await response;
  expect(res.ok(), await res.text()).toBeTruthy();
  return res.json();
}

async function uploadByApi(request: APIRequestContext, session: ApiSession, fileName: string) {
  const signed = await session.post('/files/upload', { files: [{ fileName, fileType: 'image/png' }], filePath: 'e2e' });
  expect(signed.status(), await signed.text()).toBe(201);
  const [upload] = (await signed.json()) as { fileId: string; url: string; fields: Record<string, string> }[];
  const posted = await request.post(upload!.url, {
    multipart: { ...upload!.fields, file: { name: fileName, mimeType: 'image/png', buffer: readFileSync(fixture(fileName)) } },
  });
  expect(posted.status(), await posted.text()).toBe(204);
  return upload!.fileId;
}

const day = () => new Date(Date.now() + 9 * 3_600_000 + 2 * 24 * 3_600_000).toISOString().slice(0, 10);
const stop = (transportType: 'PICKUP' | 'DELIVERY', hour: number) => ({
  transportType,
  postalCode: '100-0001',
  prefecture: '東京都',
  city: '千代田区',
  town: transportType === 'PICKUP' ? '丸の内' : '大手町',
  block,
  timeFrom: `${day()}T${hour}:00:00+09:00`,
  timeTo: `${day()}T${hour + 2}:00:00+09:00`,
  elevator: 'NOT_NEEDED',
});
const deliveryBody = (baggageName: string) => ({
  vehicleType: 'FOUR_T_TRUCK',
  vehicleTemperatureRange: 'ROOM',
  baggageName,
  totalWeight: 800,
  price: 52000,
  transports: [stop('PICKUP', 10), stop('DELIVERY', 14)],
});

/** A delivery driver1 carried, waiting 4 minutes at the pickup site, reported and completed. */
async function completedJob(customer: ApiSession, driver: ApiSession, driverRequest: APIRequestContext, n: number) {
  const { id } = (await ok(customer.post('/request-items/deliveries', deliveryBody(`実績確認用の機材${n}`)))) as { id: string };
  const { candidate } = (await ok(driver.post('/request-items/apply-fixed-price', { requestItemId: id }))) as {
    candidate: { id: string; talkroom: { id: string } };
  };
  await ok(customer.post(`/candidates/${candidate.id}/approve`, { requestItemId: id }));
  const { stops } = (await ok(driver.get(`/request-items/${id}/stop-times`))) as {
    stops: { stopId: string; transportType: string }[];
  };
  const pickup = stops.find((s) => s.transportType === 'PICKUP')!;
  const base = Date.now();
  for (const [event, at] of [
    ['ARRIVED', base],
    ['LOADING_STARTED', base + 4 * MIN],
    ['LOADING_FINISHED', base + 4 * MIN],
  ] as const) {
    await ok(
      driver.post(`/request-items/${id}/stop-times`, {
        clientId: crypto.randomUUID(),
        stopId: pickup.stopId,
        event,
        occurredAt: new Date(at).toISOString(),
      }),
    );
  }
  await ok(customer.patch(`/request-items/talkrooms/${candidate.talkroom.id}/inactivate`));
  await ok(driver.patch(`/request-items/confirm-receive/${id}`));
  await ok(
    driver.post(`/request-items/delivery-report/${id}`, {
      receiptImageId: await uploadByApi(driverRequest, driver, 'report-receipt.png'),
      recipientSignatureImageId: await uploadByApi(driverRequest, driver, 'report-signature.png'),
      deliveryImageId: await uploadByApi(driverRequest, driver, 'report-delivery.png'),
    }),
  );
  await ok(customer.patch(`/request-items/complete/${id}`));
  return id;
}

test("a carrier sees a site's measured waiting; both sides review a completed job and the rating shows on the bid and the profile", async ({
  browser,
  playwright,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const customerRequest = await playwright.request.newContext({ baseURL });
  const driverRequest = await playwright.request.newContext({ baseURL });
  const customerApi = await apiSignIn(customerRequest, CUSTOMER, DEMO_PASSWORD, 'CUSTOMER');
  const driverApi = await apiSignIn(driverRequest, DRIVER1, DEMO_PASSWORD, 'DRIVER');
  const jobs = [];
  for (const n of [1, 2, 3]) jobs.push(await completedJob(customerApi, driverApi, driverRequest, n));
  // A new request at the same pickup site, on the market.
  const { id: open } = (await ok(
    customerApi.post('/request-items/deliveries', { ...deliveryBody('新しい依頼の機材'), price: undefined }),
  )) as {
    id: string;
  };

  // The carrier reads the pickup site's measured waiting before bidding.
  const driver = await signedInPage(browser, 'driver', DRIVER1);
  await driver.goto(`/shipping-requests/detail/${open}`);
  const waiting = driver.getByRole('region', { name: '各地点の荷待ち実績（過去90日）' });
  const pickupSite = waiting.getByTestId('site-waiting').filter({ hasText: '丸の内' });
  await expect(pickupSite).toContainText('平均荷待ち');
  await expect(pickupSite).toContainText('4分');
  await expect(pickupSite).toContainText('記録3件');
  // The delivery site has no measured stops: nothing is shown.
  await expect(waiting.getByTestId('site-waiting').filter({ hasText: '大手町' })).toContainText('実績が少ないため表示なし');

  // The carrier bids on it.
  await ok(driverApi.post('/request-items/request-prices', { requestItemId: open, price: 48000 }));
  await customerRequest.dispose();
  await driverRequest.dispose();

  // The shipper reviews the last job on its detail.
  const job = jobs[2]!;
  const customer = await signedInPage(browser, 'customer', CUSTOMER);
  await customer.goto(`/shipping-requests/my-items/detail/${job}`);
  const shipperPanel = customer.getByRole('region', { name: '取引の評価' });
  const four = shipperPanel.getByRole('radio', { name: '評価（1〜5） 4' });
  await expect(async () => {
    await four.click();
    await expect(four).toHaveAttribute('aria-checked', 'true', { timeout: 1_000 });
  }).toPass();
  await shipperPanel.getByLabel('時間厳守').check();
  await shipperPanel.getByLabel('コメント（任意・500文字以内）').fill('到着も荷扱いも丁寧でした。');
  await shipperPanel.getByRole('button', { name: '評価を投稿' }).click();
  await expectToast(customer, '評価を投稿しました');
  await expect(shipperPanel.getByRole('region', { name: 'あなたの評価' })).toContainText('到着も荷扱いも丁寧でした。');

  // The carrier sees it, rates the shipper and replies.
  await driver.goto(`/shipping-requests/applied-items/detail/${job}`);
  const carrierPanel = driver.getByRole('region', { name: '取引の評価' });
  const received = carrierPanel.getByRole('region', { name: '相手からの評価' });
  await expect(received).toContainText('到着も荷扱いも丁寧でした。');
  await expect(received).toContainText('時間厳守');
  const five = carrierPanel.getByRole('radio', { name: '評価（1〜5） 5' });
  await expect(async () => {
    await five.click();
    await expect(five).toHaveAttribute('aria-checked', 'true', { timeout: 1_000 });
  }).toPass();
  await carrierPanel.getByRole('button', { name: '評価を投稿' }).click();
  await expectToast(driver, '評価を投稿しました');
  await received.getByLabel('評価への返信（1回のみ・500文字以内）').fill('ありがとうございました。');
  await received.getByRole('button', { name: '返信する' }).click();
  await expectToast(driver, '返信しました');
  await expect(received.getByTestId('review-reply')).toContainText('ありがとうございました。');

  // The shipper sees the carrier's review of it and the reply.
  await customer.reload();
  const fromCarrier = customer.getByRole('region', { name: '相手からの評価' });
  await expect(fromCarrier.getByTestId('review-rating')).toContainText('5');
  await expect(customer.getByRole('region', { name: 'あなたの評価' }).getByTestId('review-reply')).toContainText(
    'ありがとうございました。',
  );

  // On the open request's candidates: the bid carries the carrier's rating and facts; its profile lists the review.
  await customer.goto(`/shipping-requests/my-items/detail/${open}/candidates`);
  const bid = customer.getByTestId('candidate-row').first();
  await expect(bid.getByTestId('rating-summary')).toContainText('件');
  await expect(bid.getByTestId('carrier-facts')).toContainText('実績（過去12か月）');
  await customer.getByRole('combobox', { name: '並び替え' }).selectOption('ON_TIME');
  await expect(customer).toHaveURL(/sort=ON_TIME/);
  await bid.getByRole('link', { name: '実績と評価を見る' }).click();
  await expect(customer).toHaveURL(/\/carriers\//);
  await expect(customer.getByTestId('review').filter({ hasText: '到着も荷扱いも丁寧でした。' })).toBeVisible();
  await expect(customer.getByTestId('carrier-facts')).toBeVisible();
});
