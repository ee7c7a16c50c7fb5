/**
 * Two API instances behind nginx (issue 47; only in `npm run e2e:proxy`, scripts/proxy-stack.mjs):
 * calls go round robin with no sticky session, and the notification stream survives a restart
 * of the instance that served it, resuming from its last event id.
 */
import { API_PREFIX, notificationRoutes } from '@logi/contract';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, apiSignIn, signIn, tokyoOsakaStop, type ApiSession } from './helpers';

const CONTROL_PORT = Number(process.env.E2E_PROXY_PORT ?? 3200) + 9;
const STREAM_PATH = API_PREFIX + notificationRoutes.stream.path;
const DRIVER = 'driver2@demo.example.jp';
// NOTIFICATION_TEXTS.PICKUP_REQUEST_APPROVED.title (packages/contract/src/messages.ts).
const APPROVED_TITLE = '配送依頼が承認されました';

/** A fixed-price delivery the driver has applied to: approving it tells the driver. */
async function appliedDelivery(customer: ApiSession, driver: ApiSession) {
  const posted = await customer.post('/request-items/deliveries', {
    vehicleType: 'FOUR_T_TRUCK',
    vehicleTemperatureRange: 'ROOM',
    baggageName: `家具（二台構成 ${Date.now()}）`,
    totalWeight: 800,
    price: 61000,
    transports: [tokyoOsakaStop('PICKUP', 12), tokyoOsakaStop('DELIVERY', 13)],
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id } = (await posted.json()) as { id: string };
  const applied = await driver.post('/request-items/apply-fixed-price', { requestItemId: id });
  expect(applied.ok(), await applied.text()).toBeTruthy();
  const { candidate } = (await applied.json()) as { candidate: { id: string } };
  return { id, candidateId: candidate.id };
}

test('calls alternate between the two instances, and a token from one is good on the other', async ({ request }) => {
  const driver = await apiSignIn(request, DRIVER, DEMO_PASSWORD, 'DRIVER');
  const upstreams = new Set<string>();
  for (let i = 0; i < 6; i++) {
    const res = await driver.get('/notifications?limit=1');
    expect(res.status(), await res.text()).toBe(200);
    upstreams.add(res.headers()['x-upstream'] ?? '');
  }
  expect(upstreams.size).toBe(2);
});

test('the notification stream resumes after the instance serving it restarts: the event missed meanwhile arrives', async ({
  browser,
  request,
}) => {
  const customer = await apiSignIn(request, 'customer@demo.example.jp', DEMO_PASSWORD, 'CUSTOMER');
  const driverApi = await apiSignIn(request, DRIVER, DEMO_PASSWORD, 'DRIVER');
  const job = await appliedDelivery(customer, driverApi);

  const context = await browser.newContext();
  const page = await context.newPage();
  const streamUpstreams: string[] = [];
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === STREAM_PATH) streamUpstreams.push(response.headers()['x-upstream'] ?? '');
  });
  await signIn(page, 'driver', DRIVER, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => streamUpstreams.length).toBeGreaterThan(0);
  const servedBy = streamUpstreams.at(-1)!;

  // The next connection waits until the event it must replay exists.
  const held: Record<string, string>[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${STREAM_PATH}`, async (route) => {
    held.push(route.request().headers());
    await released;
    await route.continue();
  });

  const port = servedBy.split(':').at(-1);
  const restarted = await request.post(`http://127.0.0.1:${CONTROL_PORT}/restart/${port}`, { timeout: 120_000 });
  expect(restarted.status(), await restarted.text()).toBe(204);
  await expect.poll(() => held.length).toBeGreaterThan(0);
  expect(held[0]?.['last-event-id']).toMatch(/^\d+$/);

  const approved = await customer.post(`/candidates/${job.candidateId}/approve`, { requestItemId: job.id });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  release();

  await expect(page.getByText(APPROVED_TITLE).first()).toBeVisible();
  await context.close();
});
