/**
 * The monthly statement end to end (issue 46, decision 102): two deliveries carried and completed
 * (through the API: the marketplace journey covers those screens); on the screens the carrier
 * opens 「月次請求書を作成」 on its 請求書一覧, chooses the shipper and the month, reviews the jobs
 * and totals of the draft and issues it; the shipper finds it in its list by kind and downloads
 * the PDF.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type APIResponse, expect, test } from '@playwright/test';
import { type ApiSession, DEMO_PASSWORD, apiSignIn, expectToast, signedInPage } from './helpers';

const CUSTOMER = 'customer@demo.example.jp';
const DRIVER1 = 'driver1@demo.example.jp';
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
/** 依頼番号: the id's last 8 hex digits (the contract's requestReference). */
const reference = (id: string) => {
  const tail = id.replace(/-/g, '').slice(-8).toUpperCase();
  return `${tail.slice(0, 4)}-${tail.slice(4)}`;
};

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

/** A 常温 delivery at a fixed 52,000円 that driver1 carried, reported and the customer approved: COMPLETED. */
async function completedJob(
  customerRequest: APIRequestContext,
  driverRequest: APIRequestContext,
  baggageName: string,
): Promise<string> {
  const customer = await apiSignIn(customerRequest, CUSTOMER, DEMO_PASSWORD, 'CUSTOMER');
  const driver = await apiSignIn(driverRequest, DRIVER1, DEMO_PASSWORD, 'DRIVER');
  const day = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  const stop = (transportType: 'PICKUP' | 'DELIVERY', hour: number) => ({
    transportType,
    postalCode: '100-0001',
    prefecture: '東京都',
    city: '千代田区',
    town: '千代田',
    block: '1-1',
    timeFrom: `${day}T${hour}:00:00+09:00`,
    timeTo: `${day}T${hour + 2}:00:00+09:00`,
    elevator: 'NOT_NEEDED',
  });
  const { id } = (await ok(
    customer.post('/request-items/deliveries', {
      vehicleType: 'FOUR_T_TRUCK',
      vehicleTemperatureRange: 'ROOM',
      baggageName,
      totalWeight: 800,
      price: 52000,
      transports: [stop('PICKUP', 10), stop('DELIVERY', 14)],
    }),
  )) as { id: string };
  const { candidate } = (await ok(driver.post('/request-items/apply-fixed-price', { requestItemId: id }))) as {
    candidate: { id: string; talkroom: { id: string } };
  };
  await ok(customer.post(`/candidates/${candidate.id}/approve`, { requestItemId: id }));
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

test('a month of jobs: the carrier creates and issues the monthly statement, the shipper finds it and downloads the PDF', async ({
  browser,
  playwright,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const customerRequest = await playwright.request.newContext({ baseURL });
  const driverRequest = await playwright.request.newContext({ baseURL });
  const ids = [
    await completedJob(customerRequest, driverRequest, `月次請求の確認用の機材A（${run}）`),
    await completedJob(customerRequest, driverRequest, `月次請求の確認用の機材B（${run}）`),
  ];
  await customerRequest.dispose();
  await driverRequest.dispose();

  // The carrier: 請求書一覧 → 月次請求書を作成, the shipper and this month.
  const driver = await signedInPage(browser, 'driver', DRIVER1);
  await driver.goto('/my-page/invoices');
  await driver.getByRole('button', { name: '月次請求書を作成' }).click();
  const form = driver.getByRole('form', { name: '月次請求書を作成' });
  const shipper = form.getByLabel('荷主');
  const option = shipper.locator('option', { hasText: '株式会社サンプル物産' });
  await expect(option).toHaveCount(1);
  await shipper.selectOption((await option.getAttribute('value'))!);
  await form.getByRole('button', { name: '対象の配送を確認する' }).click();
  await expectToast(driver, '月次請求書の下書きを作成しました。');
  await expect(driver).toHaveURL(/\/my-page\/invoices\/[0-9a-f-]{36}$/);

  // The draft: both jobs with their day and route, the lines and the totals; then issued.
  const draft = driver.getByRole('region', { name: /月次請求書.下書き/ });
  const jobs = draft.getByTestId('statement-jobs');
  for (const id of ids) await expect(jobs).toContainText(reference(id));
  await expect(jobs).toContainText(`月次請求の確認用の機材A（${run}）`);
  await expect(draft.getByTestId('invoice-lines')).toContainText('52,000円');
  await expect(draft.getByTestId('invoice-totals')).toContainText('合計（税込）');
  await draft.getByRole('button', { name: '発行する' }).click();
  await driver.getByRole('dialog').getByRole('button', { name: '発行する' }).click();
  await expectToast(driver, '請求書を発行しました。');
  const issued = driver.getByRole('region', { name: /第 MS-.+ 号/ });
  await expect(issued.getByTestId('invoice-status')).toHaveText('未入金');
  await expect(issued.getByRole('button', { name: '発行する' })).toHaveCount(0);
  const number = /第 (MS-\S+) 号/.exec((await issued.getByRole('heading').first().textContent()) ?? '')![1]!;

  // The shipper: its list filtered to 月次請求書, the statement's page, the PDF.
  const customer = await signedInPage(browser, 'customer', CUSTOMER);
  await customer.goto('/my-page/invoices');
  await customer.getByRole('combobox', { name: '種類' }).selectOption('MONTHLY_STATEMENT');
  await customer.getByRole('button', { name: '検索する' }).click();
  await expect(customer).toHaveURL(/kind=MONTHLY_STATEMENT/);
  await customer.getByRole('link', { name: `月次請求書 ${number}を開く` }).click();
  const received = customer.getByRole('region', { name: new RegExp(`第 ${number} 号`) });
  for (const id of ids) await expect(received.getByTestId('statement-jobs')).toContainText(reference(id));
  const [download] = await Promise.all([
    customer.waitForEvent('download'),
    received.getByRole('button', { name: 'PDFをダウンロード' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`請求書_${number}.pdf`);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});
