/**
 * A job's invoice end to end (issue 46, decision 099): a delivery carried and completed (through
 * the API: those screens are the marketplace journey's subject), then on the screens the carrier
 * reviews the draft, adds a toll with its receipt image and issues it; the shipper downloads the
 * PDF and marks it paid; the carrier confirms the payment arrived.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type APIResponse, expect, test } from '@playwright/test';
import { type ApiSession, DEMO_PASSWORD, apiSignIn, expectToast, signedInPage } from './helpers';

const CUSTOMER = 'customer@demo.example.jp';
const DRIVER1 = 'driver1@demo.example.jp';
const fixture = (name: string) => path.join(import.meta.dirname, 'fixtures', name);
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

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

test('a completed job: the carrier adds a toll and issues the invoice, the shipper downloads it and marks it paid, the carrier confirms', async ({
  browser,
  playwright,
}, testInfo) => {
  const baseURL = testInfo.project.use.baseURL;
  const customerRequest = await playwright.request.newContext({ baseURL });
  const driverRequest = await playwright.request.newContext({ baseURL });
  const id = await completedJob(customerRequest, driverRequest, `請求書の確認用の機材（${run}）`);
  await customerRequest.dispose();
  await driverRequest.dispose();

  // The carrier: from the job's detail to its invoice, a draft with the agreed fare.
  const driver = await signedInPage(browser, 'driver', DRIVER1);
  await driver.goto(`/shipping-requests/applied-items/detail/${id}`);
  await driver.getByRole('link', { name: '請求書', exact: true }).click();
  await expect(driver).toHaveURL(new RegExp(`/applied-items/detail/${id}/invoice$`));
  const draft = driver.getByRole('region', { name: /請求書.下書き/ });
  await expect(draft.getByTestId('invoice-lines')).toContainText('運賃');
  await expect(draft.getByTestId('invoice-lines')).toContainText('52,000円');

  // A toll with its receipt image; the totals follow (53,300円 + 10% = 58,630円).
  const toll = draft.getByRole('form', { name: '高速道路料金を追加' });
  await toll.getByLabel('内容').fill('首都高速 銀座→大井');
  await toll.getByLabel(/^金額/).fill('1300');
  await toll.locator('input[type="file"]').setInputFiles(fixture('report-receipt.png'));
  await expect(toll.getByText('report-receipt.png')).toBeVisible();
  await toll.getByRole('button', { name: '追加する' }).click();
  await expectToast(driver, '明細を更新しました。');
  await expect(draft.getByTestId('invoice-lines')).toContainText('高速道路料金');
  await expect(draft.getByTestId('invoice-totals')).toContainText('58,630円');

  // Issued: the number and the due date are fixed; 未入金.
  await draft.getByRole('button', { name: '発行する' }).click();
  await driver.getByRole('dialog').getByRole('button', { name: '発行する' }).click();
  await expectToast(driver, '請求書を発行しました。');
  const issued = driver.getByRole('region', { name: /第 INV-.+ 号/ });
  await expect(issued.getByTestId('invoice-status')).toHaveText('未入金');
  await expect(issued.getByRole('button', { name: '発行する' })).toHaveCount(0);

  // The shipper: downloads the PDF and marks it paid (today, the total).
  const customer = await signedInPage(browser, 'customer', CUSTOMER);
  await customer.goto(`/shipping-requests/my-items/detail/${id}`);
  await customer.getByRole('link', { name: '請求書', exact: true }).click();
  await expect(customer).toHaveURL(new RegExp(`/my-items/detail/${id}/invoice$`));
  const received = customer.getByRole('region', { name: /適格請求書.第 INV-.+ 号/ });
  await expect(received.getByTestId('invoice-totals')).toContainText('58,630円');
  const [download] = await Promise.all([
    customer.waitForEvent('download'),
    received.getByRole('button', { name: 'PDFをダウンロード' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^請求書_INV-.+\.pdf$/);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await received.getByRole('button', { name: '支払済みにする' }).click();
  await expectToast(customer, '支払済みとして登録しました。');
  await expect(received.getByTestId('invoice-status')).toHaveText('支払済み（入金確認待ち）');

  // The carrier sees it paid and confirms the receipt.
  await driver.reload();
  await expect(issued.getByTestId('invoice-status')).toHaveText('支払済み（入金確認待ち）');
  await issued.getByRole('button', { name: '入金を確認した' }).click();
  await expectToast(driver, '入金確認を登録しました。');
  await expect(issued.getByTestId('invoice-status')).toHaveText('入金確認済み');
  await customer.reload();
  await expect(received.getByTestId('invoice-status')).toHaveText('入金確認済み');
});
