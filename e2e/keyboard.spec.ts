/**
 * Issue 14: a flow by keyboard alone, with the focus visible at every step. The shipper signs
 * in, opens her requests from the header, opens one, and goes on to post a new one — Tab, type
 * and Enter only, never the mouse.
 */
import { type Locator, type Page, expect, test } from '@playwright/test';
import { UI_TEXT } from '@logi/contract';

/** The focused element shows a focus indicator: an outline or a ring (box-shadow). */
async function expectVisibleFocus(page: Page) {
  const style = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const s = getComputedStyle(el);
    return {
      tag: el.tagName,
      text: (el.textContent ?? '').slice(0, 40),
      outline: s.outlineStyle,
      width: s.outlineWidth,
      shadow: s.boxShadow,
    };
  });
  // Past the last element the focus leaves the page for the browser's own controls, then comes back to the first.
  if (style === null) return;
  const outlined = style!.outline !== 'none' && parseFloat(style!.width) >= 1;
  const ringed = style!.shadow !== 'none';
  expect(outlined || ringed, `focus indicator on ${JSON.stringify(style)}`).toBe(true);
}

/** Presses Tab until `target` has the focus (at most 80 times, round the page if need be), the focus visible at each stop. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    await expectVisibleFocus(page);
    if (await target.evaluate((el) => el === document.activeElement)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

test('the shipper signs in, opens a request and starts a new one by keyboard alone', async ({ page }) => {
  await page.goto('/sign-in/customer');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await tabTo(page, page.getByLabel(/^メールアドレス/));
  await page.keyboard.type('customer@demo.example.jp');
  await tabTo(page, page.getByLabel(/^パスワード\s*必須$/));
  await page.keyboard.type('Demo1234!');
  await page.keyboard.press('Enter');
  await expect(page).not.toHaveURL(/\/sign-in/);

  const header = page.getByRole('banner');
  await tabTo(page, header.getByRole('link', { name: UI_TEXT.nav.myItems }).first());
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shipping-requests\/my-items$/);
  const firstRequest = page.getByTestId('request-row').first();
  await expect(firstRequest).toBeVisible();
  await tabTo(page, firstRequest);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/shipping-requests\/my-items\/detail\/[0-9a-f-]{36}$/);

  await tabTo(page, page.getByRole('banner').getByRole('link', { name: UI_TEXT.nav.createRequest }).first());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('form', { name: '配送依頼' })).toBeVisible();
  // The form's submit button is reached by Tab through every field, and says what is missing.
  await tabTo(page, page.getByRole('form', { name: '配送依頼' }).getByRole('button', { name: '確認画面へ' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('必須項目です。').first()).toBeVisible();
});
