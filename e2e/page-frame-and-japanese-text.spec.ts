/**
 * Issue 14: Japanese text breaks between phrases (文節) at every phone width, never leaving a
 * character or two alone on the last line; and a slow first load shows the page's frame (the
 * header) at once, with skeleton rows, while the page's own code is still on its way. The back
 * office's lists keep a name, a phone number, a date or an id on one line.
 */
import { type Locator, type Page, expect, test } from '@playwright/test';
import { UI_TEXT } from '@logi/contract';
import { DASHBOARD_TEXT } from '../apps/web/src/texts/dashboard';
import { REQUEST_CREATE_TEXT } from '../apps/web/src/texts/request-create';
import { HOME_TEXT } from '../apps/web/src/texts/request-items';
import { DEMO_PASSWORD, signIn } from './helpers';

/** The text of each rendered line of the element's first text node, read from the characters' boxes. */
function linesOf(element: Locator): Promise<string[]> {
  return element.evaluate((element) => {
    const text = element.firstChild as Text;
    const range = document.createRange();
    const lines: string[] = [];
    let top: number | undefined;
    for (let i = 0; i < text.length; i++) {
      range.setStart(text, i);
      range.setEnd(text, i + 1);
      const box = range.getClientRects()[0];
      if (!box) continue;
      if (top === undefined || box.top > top + 2) {
        lines.push('');
        top = box.top;
      }
      lines[lines.length - 1] += text.data[i];
    }
    return lines;
  });
}

test('the home page’s lead breaks between phrases at every phone width', async ({ page }) => {
  await page.goto('/');
  const lead = page.getByText(HOME_TEXT.lead);
  await expect(lead).toBeVisible();
  let wrapped = 0;
  for (let width = 300; width <= 440; width += 6) {
    await page.setViewportSize({ width, height: 800 });
    const lines = await linesOf(lead);
    expect(lines.join(''), `${width} px`).toBe(HOME_TEXT.lead);
    if (lines.length > 1) wrapped++;
    // The last phrase 探せます。 stays whole: never す。 or ます。 alone on a line.
    expect(lines.at(-1), `${width} px: ${lines.join(' / ')}`).toContain('探せます。');
    // And no line starts inside a word such as 配送依頼 or 案件.
    for (const line of lines.slice(1)) expect(line, `${width} px: ${lines.join(' / ')}`).not.toMatch(/^(依頼|件|送|庫|両|リア)/);
  }
  // The check means something only if the lead wrapped at these widths.
  expect(wrapped).toBeGreaterThan(10);
});

/** Holds the home page's own chunk until released, as on a slow line. */
async function holdHomeChunk(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/home-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test('a slow first load of a page the server does not paint shows the header and skeleton rows until its code arrives', async ({
  page,
}) => {
  const release = await holdHomeChunk(page);
  // With a query the server sends the plain page (decision 072).
  await page.goto('/?from=mail', { waitUntil: 'commit' });
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: UI_TEXT.common.loading })).toBeAttached();
  await expect(page.getByRole('heading', { name: HOME_TEXT.title })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { name: HOME_TEXT.title })).toBeVisible();
  await expect(page.getByRole('banner')).toHaveCount(1);
});

test('a signed-out visitor’s first load shows the page itself before its code arrives; the app then takes it over', async ({
  page,
}) => {
  const release = await holdHomeChunk(page);
  const newest = (request: { url(): string }) => request.url().includes('/api/v1/request-items/top-requests/public');
  const asked: string[] = [];
  page.on('request', (request) => {
    if (newest(request)) asked.push(request.url());
  });
  await page.goto('/', { waitUntil: 'commit' });
  // Painted by the server with its data (decisions 072, 074): the page and its newest requests.
  await expect(page.getByRole('heading', { name: HOME_TEXT.title })).toBeVisible();
  await expect(page.getByTestId('request-row').first()).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: UI_TEXT.common.loading })).toHaveCount(0);
  await page.getByRole('searchbox').fill('冷凍');
  expect(asked).toEqual([]);
  const refreshed = page.waitForRequest(newest);
  release();
  // The app takes it over: it asks for the newest requests afresh, and what was typed is still there.
  await refreshed;
  await expect(page.getByTestId('request-row').first()).toBeVisible();
  await expect(page.getByRole('searchbox')).toHaveValue('冷凍');
  await expect(page.getByRole('banner')).toHaveCount(1);
  await expect(page.getByRole('heading', { name: HOME_TEXT.title })).toHaveCount(1);
});

test('no page breaks its own content security policy: nothing is blocked, not even a probe for eval', async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    Object.assign(window, { cspViolations: seen });
    document.addEventListener('securitypolicyviolation', (e) => seen.push(`${e.violatedDirective} ${e.blockedURI}`));
  });
  for (const path of ['/', '/sign-in/customer', '/shipping-requests/results']) {
    await page.goto(path);
    // The page's code has run (and parsed its first answers) once its heading shows.
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations), path).toEqual([]);
  }
});

test('a signed-in customer’s request form shows with their name before its code arrives; its submit and its choice of form wait for the app', async ({
  page,
}) => {
  await signIn(page, 'customer', 'customer@demo.example.jp', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/create-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  // A full load: painted by the server as the customer's own page (decision 075).
  await page.goto('/shipping-requests/create?type=warehouse', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: REQUEST_CREATE_TEXT.title })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('鈴木 美咲');
  await expect(page.getByRole('radio', { name: new RegExp(REQUEST_CREATE_TEXT.types.WAREHOUSE.label) })).toBeChecked();
  const submit = page.getByRole('button', { name: REQUEST_CREATE_TEXT.submit });
  await expect(submit).toBeDisabled();
  // The other choice too: clicked now, it would check the painted radio and open no form.
  const delivery = page.getByRole('radio', { name: new RegExp(`^${REQUEST_CREATE_TEXT.types.DELIVERY.label}`) });
  await expect(delivery).toBeDisabled();
  release();
  // The app takes it over: the submit and the choice work, the bell is there, and the page is drawn once.
  await expect(submit).toBeEnabled();
  await expect(delivery).toBeEnabled();
  await expect(page.getByRole('banner').getByRole('button', { name: /^通知/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: REQUEST_CREATE_TEXT.title })).toHaveCount(1);
});

/** The cell of `row` under the column headed `header`. */
async function cellOf(page: Page, row: Locator, header: string): Promise<Locator> {
  const headers = await page.getByRole('columnheader').allInnerTexts();
  const index = headers.indexOf(header);
  expect(index, `${header} in ${headers.join(', ')}`).toBeGreaterThanOrEqual(0);
  return row.getByRole('cell').nth(index);
}

test('the back office keeps a name, a phone number, a date and an id on one line; its overview’s figures sit inside their card', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, 'admin', 'admin@demo.example.jp', DEMO_PASSWORD);
  // The first card of the overview has no title above its figures: they still start inside its padding.
  const label = page.getByText(DASHBOARD_TEXT.overview.openRequests, { exact: true });
  await expect(label).toBeVisible();
  const card = label.locator('xpath=ancestor::div[contains(@class, "border")][1]');
  expect((await label.boundingBox())!.y - (await card.boundingBox())!.y).toBeGreaterThanOrEqual(12);

  // Eleven columns of carriers on a 1,280-pixel screen: the table scrolls sideways rather than break these.
  const A = DASHBOARD_TEXT.account;
  // Found by its address, as an operator would: the list is newest first, and other specs' accounts come first.
  await page.goto(`/dashboard/drivers?keyword=${encodeURIComponent('driver1@demo.example.jp')}`);
  const driver = page.getByRole('row').filter({ hasText: 'driver1@demo.example.jp' });
  await expect(driver).toBeVisible();
  for (const header of [A.name, A.nameKana, A.company, A.role, A.phone, A.createdAt]) {
    const cell = await cellOf(page, driver, header);
    const text = header === A.name ? cell.getByRole('link') : cell;
    expect(await linesOf(text), header).toHaveLength(1);
  }

  const R = DASHBOARD_TEXT.request;
  await page.goto('/dashboard/deliveries');
  const delivery = page
    .getByRole('row')
    .filter({ has: page.getByRole('link') })
    .first();
  await expect(delivery).toBeVisible();
  expect(await linesOf(await cellOf(page, delivery, R.createdAt)), R.createdAt).toHaveLength(1);
  expect(await linesOf((await cellOf(page, delivery, R.id)).locator('span')), R.id).toHaveLength(1);
});
