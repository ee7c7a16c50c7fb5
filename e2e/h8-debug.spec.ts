// Throwaway (H8): is the date popover broken in a background context?
import { expect, test } from '@playwright/test';
import { signedInPage, todayInJapan } from './helpers';
test('popover in background', async ({ browser }) => {
  const customer = await signedInPage(browser, 'customer', 'customer@demo.example.jp');
  await signedInPage(browser, 'driver', 'driver2@demo.example.jp');
  await customer.goto('/shipping-requests/create');
  const stop = customer.getByRole('group', { name: '集荷先', exact: true });
  console.log('visibility', await customer.evaluate(() => document.visibilityState + ' ' + document.hasFocus()));
  await stop.getByRole('button', { name: /日付/ }).click();
  await customer.waitForTimeout(1000);
  console.log('dialogs', await customer.getByRole('dialog').count(), await customer.locator('[data-radix-popper-content-wrapper]').count());
  await customer.bringToFront();
  await stop.getByRole('button', { name: /日付/ }).click();
  await customer.waitForTimeout(1000);
  console.log('dialogs after front', await customer.getByRole('dialog').count());
  await customer.getByRole('dialog').getByRole('button', { name: new RegExp(todayInJapan()) }).click();
});
