/**
 * The realtime stream end to end (issue 6): the customer approves, and the driver's page,
 * already open, shows the toast and the unread dot without a reload.
 */
import { API_PREFIX, notificationRoutes } from '@logi/contract';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, apiSignIn, signIn, tokyoOsakaStop, type ApiSession } from './helpers';

const DRIVER = 'driver2@demo.example.jp';
// NOTIFICATION_TEXTS.PICKUP_REQUEST_APPROVED.title (packages/contract/src/messages.ts).
const APPROVED_TITLE = '配送依頼が承認されました';

/** The driver starts with nothing unread, so that the dot can only come from the push. */
async function markAllRead(driver: ApiSession) {
  const list = await driver.get('/notifications?limit=100');
  expect(list.ok(), await list.text()).toBeTruthy();
  const { data } = (await list.json()) as { data: { notificationId: string; isRead: boolean }[] };
  for (const n of data.filter((item) => !item.isRead)) {
    expect((await driver.patch(`/notifications/${n.notificationId}/mark-as-read`)).ok()).toBeTruthy();
  }
}

const bell = (page: Page) => page.getByRole('banner').getByRole('button', { name: /^通知/ });

test('the customer approves; the driver’s open page shows the toast and the unread dot without a reload, and reading clears it', async ({
  browser,
  request,
}) => {
  const customer = await apiSignIn(request, 'customer@demo.example.jp', DEMO_PASSWORD, 'CUSTOMER');
  const driverApi = await apiSignIn(request, DRIVER, DEMO_PASSWORD, 'DRIVER');
  await markAllRead(driverApi);

  const driverContext = await browser.newContext();
  const driverPage = await driverContext.newPage();
  await signIn(driverPage, 'driver', DRIVER, DEMO_PASSWORD);
  await expect(driverPage).toHaveURL(/\/$/);
  await driverPage.goto('/my-page');
  await expect(bell(driverPage)).toHaveAccessibleName('通知');
  await expect(driverPage.getByTestId('unread-dot')).toHaveCount(0);
  // Survives only as long as the document does: proof that nothing reloads the page.
  await driverPage.evaluate(() => Object.assign(window, { openedBeforeApproval: true }));

  // Posting and applying have their own screens, built in parallel: here they are the API.
  const created = await customer.post('/request-items/deliveries', {
    vehicleType: 'FOUR_T_TRUCK',
    vehicleTemperatureRange: 'ROOM',
    baggageName: `精密機器 ${Date.now()}`,
    totalWeight: 350,
    transports: [tokyoOsakaStop('PICKUP', 10), tokyoOsakaStop('DELIVERY', 11)],
  });
  expect(created.status(), await created.text()).toBe(201);
  const item = (await created.json()) as { id: string };
  const bid = await driverApi.post('/request-items/request-prices', { requestItemId: item.id, price: 48000 });
  expect(bid.ok(), await bid.text()).toBeTruthy();

  // The customer approves on the candidates screen, in a browser of their own.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await signIn(customerPage, 'customer', 'customer@demo.example.jp', DEMO_PASSWORD);
  await expect(customerPage).toHaveURL(/\/shipping-requests\/my-items/);
  await customerPage.goto(`/shipping-requests/my-items/detail/${item.id}/candidates`);
  await customerPage.getByRole('article', { name: '伊藤 大輔' }).getByRole('button', { name: 'この応募者を承認' }).click();
  await customerPage.getByRole('dialog').getByRole('button', { name: '承認する' }).click();
  await expect(customerPage).toHaveURL(new RegExp(`/my-items/detail/${item.id}/candidates/delivery/approved$`));
  await customerContext.close();

  await expect(driverPage.getByText(APPROVED_TITLE).first()).toBeVisible();
  await expect(driverPage.getByTestId('unread-dot')).toBeVisible();
  await expect(bell(driverPage)).toHaveAccessibleName('通知（未読あり）');
  expect(await driverPage.evaluate(() => 'openedBeforeApproval' in window)).toBe(true);
  await expect(driverPage).toHaveURL(/\/my-page$/);

  // The panel at both widths, with the unread notification in it.
  for (const width of [1280, 375]) {
    await driverPage.setViewportSize({ width, height: 800 });
    await bell(driverPage).click();
    const panel = driverPage.getByRole('dialog');
    await expect(panel.getByRole('heading', { name: '通知' })).toBeVisible();
    await expect(panel.getByRole('button', { name: new RegExp(`^未読\\s*${APPROVED_TITLE}`) })).toBeVisible();
    await driverPage.screenshot({ path: `test-results/artifacts/notification-panel-${width}.png` });
    await driverPage.keyboard.press('Escape');
    await expect(panel).toBeHidden();
  }

  await bell(driverPage).click();
  await driverPage
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(`^未読\\s*${APPROVED_TITLE}`) })
    .click();
  await expect(driverPage.getByRole('dialog')).toBeHidden();
  await expect(driverPage).not.toHaveURL(/\/my-page$/);
  await expect(driverPage.getByTestId('unread-dot')).toHaveCount(0);
  await expect(bell(driverPage)).toHaveAccessibleName('通知');

  await bell(driverPage).click();
  // The newest notification, now read.
  await expect(
    driverPage
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(APPROVED_TITLE) })
      .first(),
  ).not.toContainText('未読');
  await driverContext.close();
});

test('the stream opens at low priority: the page’s own requests come first, and its loading ends while the stream stays open', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const priority = new Promise<string>((resolve) => {
    cdp.on('Network.requestWillBeSent', ({ request }) => {
      if (new URL(request.url).pathname === API_PREFIX + notificationRoutes.stream.path) resolve(request.initialPriority);
    });
  });
  await signIn(page, 'driver', DRIVER, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  // A fetch is High by default, and a High request that never ends keeps a page loading.
  expect(await priority).toBe('Low');
});
