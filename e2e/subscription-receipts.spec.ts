/**
 * A carrier company pays its month (API set-up), follows the payment mail's link to
 * /my-page/credit-card and downloads its 領収書 and 適格請求書 (decision 098); the PDFs' text, read
 * with poppler's pdftotext, names the issuer's 登録番号, the company and the amount with its tax.
 */
import { execFileSync } from 'node:child_process';
import { expect, test } from '@playwright/test';
import { registerDriverManagerByApi, signIn, uniqueEmail } from './helpers';

const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');

test('a manager follows the payment mail to its documents and downloads the receipt and the qualified invoice', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('receipt-manager');
  const password = 'Managerpass1!';
  await registerDriverManagerByApi(request, email, password);
  await signIn(page, 'driver-manager', email, password);
  await expect(page).toHaveURL('/');

  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page.getByRole('link', { name: '【物流マーケット】月額利用料のお支払いを受け付けました' }).click();
  await page.locator('a[href$="/my-page/credit-card"]').first().click();
  await expect(page).toHaveURL('/my-page/credit-card');

  const documents = page.getByRole('region', { name: '請求書・領収書' });
  const row = documents.getByTestId('subscription-document');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('5,500円');

  const receiptDownload = page.waitForEvent('download');
  await row.getByRole('button', { name: /の領収書をダウンロード$/ }).click();
  const receipt = await receiptDownload;
  expect(receipt.suggestedFilename()).toMatch(/^領収書_SUB-\d{6}\.pdf$/);
  const receiptText = pdfText(await receipt.path());
  for (const part of ['領収書', '斎藤運輸株式会社 御中', '5,500円', '500円', 'T9234567890123']) {
    expect(receiptText).toContain(part);
  }

  const invoiceDownload = page.waitForEvent('download');
  await row.getByRole('button', { name: /の請求書をダウンロード$/ }).click();
  const invoice = await invoiceDownload;
  expect(invoice.suggestedFilename()).toMatch(/^適格請求書_SUB-\d{6}\.pdf$/);
  const invoiceText = pdfText(await invoice.path());
  for (const part of ['適格請求書', '登録番号', 'T9234567890123', '消費税（10%）', '500円', '合計（税込）']) {
    expect(invoiceText).toContain(part);
  }
});
