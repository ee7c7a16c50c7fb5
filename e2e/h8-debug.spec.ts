// Throwaway (H8): is the date popover broken in a background context?
import { expect, test } from '@playwright/test';
import { fillAddress, signedInPage, todayInJapan } from './helpers';
test('popover in background', async ({ browser }) => {
  const customer = await signedInPage(browser, 'customer', 'customer@demo.example.jp');
  await signedInPage(browser, 'driver', 'driver2@demo.example.jp');
  await customer.goto('/shipping-requests/create');
  await customer.getByRole('button', { name: '経由地を追加' }).click();
  const stop = customer.getByRole('group', { name: '集荷先', exact: true });
  await fillAddress(stop, '100-0001', '千代田区', '1-1');
  await stop.getByRole('button', { name: /日付/ }).click();
  await customer.waitForTimeout(1000);
  console.log('dialogs', await customer.getByRole('dialog').count());
  console.log(await customer.getByRole('dialog').first().ariaSnapshot().catch(e => String(e)));
  await customer.screenshot({ path: '/tmp/h8-debug.png' });
});
