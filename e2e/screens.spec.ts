/**
 * Issue 43: the screens at 375 and 1280 pixels in Japanese. Words stay whole (a name, a company,
 * a postal code, a phone number, a date); a toast never covers an open dialog's title or ×, and
 * focus goes back to the control that opened it; a table wider than its box says it scrolls;
 * the back office's and the carrier's screens keep their labels, tabs and buttons whole.
 */
import { type Locator, type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, apiSignIn, registerCustomerByApi, signIn, uniqueEmail, jst } from './helpers';

const CUSTOMER = 'customer@demo.example.jp';

/** How many lines the element's text takes, read from the boxes of its characters. */
function lineCount(element: Locator): Promise<number> {
  return element.evaluate((element) => {
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    const tops: number[] = [];
    for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
      for (let i = 0; i < node.length; i++) {
        if (/\s/.test(node.data[i]!)) continue;
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (box && box.width > 0) tops.push(box.top);
      }
    }
    tops.sort((a, b) => a - b);
    // A new line starts where a character sits lower than the last by more than half its height.
    const half = parseFloat(getComputedStyle(element).fontSize) / 2;
    return tops.filter((top, i) => i === 0 || top - tops[i - 1]! > half).length;
  });
}

async function expectOneLine(element: Locator, what: string) {
  await expect(element, what).toBeVisible();
  expect(await lineCount(element), `${what}: ${await element.innerText()}`).toBe(1);
}

/** An estimation request of the demo customer's with a long address, a contact and a phone at each stop. */
async function postEstimation(page: Page) {
  const customer = await apiSignIn(page.request, CUSTOMER, DEMO_PASSWORD, 'CUSTOMER');
  const stop = (transportType: 'PICKUP' | 'DELIVERY', days: number) => ({
    transportType,
    postalCode: '104-0061',
    prefecture: '東京都',
    city: '中央区',
    town: '銀座',
    block: '1-2-3',
    building: '銀座ロジスティクスセンター北館',
    name: '高橋 直樹',
    phone: '0312345678',
    timeFrom: jst(days, 9),
    timeTo: jst(days, 17),
    elevator: 'YES',
  });
  const created = await customer.post('/request-items/deliveries', {
    vehicleType: 'FOUR_T_TRUCK',
    vehicleTemperatureRange: 'ROOM',
    baggageName: `事務機器 ${Date.now()}`,
    totalWeight: 350,
    transports: [stop('PICKUP', 10), stop('DELIVERY', 11)],
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()) as { id: string };
}

test('at 375 px a request’s names, postal codes, phone numbers and dates each stay on one line', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  const item = await postEstimation(page);
  const driver = await apiSignIn(page.request, 'driver1@demo.example.jp', DEMO_PASSWORD, 'DRIVER');
  expect((await driver.post('/request-items/request-prices', { requestItemId: item.id, price: 48000 })).ok()).toBe(true);

  await signIn(page, 'customer', CUSTOMER, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.goto(`/shipping-requests/my-items/detail/${item.id}`);
  const pickup = page.getByTestId('transport-stop').first();
  await expectOneLine(pickup.getByText('〒104-0061'), 'postal code');
  await expectOneLine(pickup.getByText('03-1234-5678'), 'phone, with its area code’s hyphens');
  await expectOneLine(pickup.getByText('高橋 直樹'), 'contact');
  await expectOneLine(pickup.getByText('エレベーター'), 'label');
  for (const part of await pickup.locator('.keep').all()) await expectOneLine(part, 'date or time');
  const shipper = page.getByRole('region', { name: '荷主情報' });
  await expectOneLine(shipper.getByText('株式会社サンプル物産'), 'company');
  await expectOneLine(shipper.getByText('03-6281-0001'), 'phone');

  await page.goto(`/shipping-requests/my-items/detail/${item.id}/candidates`);
  const applicant = page.getByTestId('candidate-row').first();
  await expectOneLine(applicant.getByRole('heading', { name: '田中 翔太' }), 'applicant');
  await expectOneLine(applicant.getByText('株式会社サンプル運輸'), 'applicant’s company');
  await page.screenshot({ path: 'test-results/artifacts/candidates-375.png', fullPage: true });
});

test('at 375 px a toast shown over a dialog leaves its title and × clear; Escape gives focus back to the button that opened it', async ({
  page,
}) => {
  // A short screen (a phone in landscape, or with its keyboard up): the dialog fills most of it.
  await page.setViewportSize({ width: 375, height: 420 });
  const item = await postEstimation(page);
  await signIn(page, 'customer', CUSTOMER, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.goto(`/shipping-requests/my-items/detail/${item.id}`);
  const opener = page.getByRole('button', { name: '依頼をキャンセル' });
  const dialog = page.getByRole('dialog');
  // The painted page's button is disabled until the app runs (decision 075), so the first tap counts.
  await opener.click();
  await expect(dialog).toBeVisible();

  // A driver applies meanwhile: the customer's open page toasts it.
  const driver = await apiSignIn(page.request, 'driver2@demo.example.jp', DEMO_PASSWORD, 'DRIVER');
  expect((await driver.post('/request-items/request-prices', { requestItemId: item.id, price: 51000 })).ok()).toBe(true);
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: '配送依頼に応募がありました' });
  await expect(toast).toBeVisible();
  // Sonner slides it in: read its box once it has stopped moving.
  await expect(toast).toHaveAttribute('data-mounted', 'true');
  let last = -1;
  await expect
    .poll(
      async () => {
        const y = (await toast.boundingBox())?.y ?? -1;
        const still = y === last;
        last = y;
        return still;
      },
      { intervals: [100] },
    )
    .toBe(true);
  await page.screenshot({ path: 'test-results/artifacts/dialog-toast-375.png' });
  const over = (await toast.boundingBox())!;
  expect(over.y).toBeGreaterThanOrEqual(0);
  for (const part of [dialog.getByRole('heading').first(), dialog.getByRole('button', { name: '閉じる' })]) {
    const box = (await part.boundingBox())!;
    // Not on it, and not touching it either (4 px apart at least).
    const apart = over.y + over.height + 4 <= box.y || box.y + box.height + 4 <= over.y;
    expect(apart, `toast ${JSON.stringify(over)} near ${JSON.stringify(box)}`).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();
});

test('with the sidebar open at 1280 px and on a phone, an account list says it scrolls and shows its keyword hint whole', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'admin', 'admin@demo.example.jp', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
  for (const [width, path] of [
    [1280, '/dashboard/drivers'],
    [375, '/dashboard/customers'],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    // The table is wider than its box: a hint says so, and the box scrolls with the keyboard.
    await expect(page.getByTestId('scroll-hint'), `${width} px`).toBeVisible();
    const box = page.getByRole('region', { name: /横スクロール/ });
    await box.focus();
    await box.evaluate((element) => element.scrollTo({ left: element.scrollWidth }));
    await expect(page.getByRole('columnheader', { name: 'ステータス' })).toBeInViewport({ ratio: 1 });
    await expect(page.getByTestId('scroll-hint')).toHaveCount(0);
    // The keyword box is wide enough for its whole hint.
    const search = page.getByRole('searchbox');
    const room = await search.evaluate((input: HTMLInputElement) => {
      const context = document.createElement('canvas').getContext('2d')!;
      const style = getComputedStyle(input);
      context.font = style.font;
      const inside = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return inside - context.measureText(input.placeholder).width;
    });
    expect(room, `${width} px: room left beside the hint`).toBeGreaterThan(0);
    await page.screenshot({ path: `test-results/artifacts/account-list-${width}.png` });
  }
});

test('the back office’s request tabs show every name on a phone; the notification history names the welcome notice’s target', async ({
  page,
  request,
}) => {
  await registerCustomerByApi(request, uniqueEmail('welcome'), 'Welcome1!');
  await page.setViewportSize({ width: 375, height: 800 });
  await signIn(page, 'admin', 'admin@demo.example.jp', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
  const item = await postEstimation(page);
  await page.goto(`/dashboard/deliveries/${item.id}`);
  const tabs = page.getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  for (const tab of await tabs.all()) {
    await expect(tab).toBeInViewport({ ratio: 1 });
    expect(await tab.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/dashboard/notifications');
  const welcome = page.getByRole('row').filter({ hasText: '会員登録が完了しました' }).first();
  await expect(welcome).toContainText('個別（自動送信）');
});

test('the carrier’s screens: the manager’s header buttons side by side, the card page’s labels and dates whole, 必須 on one line', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, 'driver-manager', 'manager@demo.example.jp', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.goto('/manager/drivers');
  // The page's own button, not the header menu's entry of the same name.
  const register = page.getByRole('main').getByRole('link', { name: '実運送体制管理簿' });
  const invite = page.getByRole('button', { name: 'ドライバーを招待' });
  await expect(invite).toBeVisible();
  expect((await register.boundingBox())!.y).toBe((await invite.boundingBox())!.y);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/my-page/credit-card');
  await expectOneLine(page.getByText('カードブランド', { exact: true }), 'label');
  await expectOneLine(page.getByText('適用中のクーポン', { exact: true }), 'label');
  await expect(page.getByText('適用中のクーポン', { exact: true }).locator('xpath=following-sibling::dd')).toHaveText('—');
  const period = page.getByText('現在の契約期間', { exact: true }).locator('xpath=following-sibling::dd');
  for (const date of await period.locator('.keep').all()) await expectOneLine(date, 'date');
  await page.screenshot({ path: 'test-results/artifacts/credit-card-375.png', fullPage: true });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'カードを変更する' }).click();
  for (const label of [/^有効期限（月）/, /^有効期限（年）/, /^セキュリティコード/]) {
    const tag = page.locator('label').filter({ hasText: label }).getByText('必須');
    await expectOneLine(tag, '必須');
  }
});

test('the month picker names the month in Japanese', async ({ page }) => {
  await signIn(page, 'customer', CUSTOMER, DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.goto('/shipping-requests/my-items/stop-times?month=2026-12');
  const picker = page.getByRole('group', { name: '対象月' });
  await expect(picker.getByRole('status')).toHaveText('2026年12月');
  await picker.getByRole('button', { name: '次の月' }).click();
  await expect(picker.getByRole('status')).toHaveText('2027年1月');
  await expect(page).toHaveURL(/month=2027-01/);
});
