/** Shared steps of the journeys: the dev mailbox, signing in through the UI. */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type APIResponse, type Browser, type Locator, type Page, expect } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234!';
export const NEW_PASSWORD = 'Newpass1!';

/** Opens the newest mail to `to` in the dev mailbox page and follows its link. */
export async function followMailLink(page: Page, to: string, subjectPart: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  await page
    .getByRole('link', { name: new RegExp(subjectPart) })
    .first()
    .click();
  await page.locator('a[href*="token="]').first().click();
}

export async function signIn(page: Page, slug: string, email: string, password: string) {
  await page.goto(`/sign-in/${slug}`);
  await page.getByLabel(/^メールアドレス/).fill(email);
  await page.getByLabel(/^パスワード\s*必須$/).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}@e2e.example.jp`;

export async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible();
}

/**
 * No toast shown lies over `action`, the button the person clicks next: a click meant for it
 * would land on the toast (decision 023 moves them to the top while a form or dialog is shown).
 */
export async function expectNoToastOver(page: Page, action: Locator) {
  await action.scrollIntoViewIfNeeded();
  await expect(action).toBeInViewport();
  const box = (await action.boundingBox())!;
  // The toasts' boxes read at one moment: one that leaves meanwhile is not waited for (a locator
  // of a toast gone waits for it to come back, until the test's timeout).
  const toasts = await page
    .locator('[data-sonner-toast]')
    .evaluateAll((shown) => shown.map((t) => t.getBoundingClientRect().toJSON() as DOMRect));
  for (const over of toasts.filter((t) => t.width > 0 && t.height > 0)) {
    const overlaps =
      over.x < box.x + box.width && box.x < over.x + over.width && over.y < box.y + box.height && box.y < over.y + over.height;
    expect(overlaps, `toast ${JSON.stringify(over)} over ${JSON.stringify(box)}`).toBe(false);
  }
}

/**
 * The HTTP API as a journey calls it for a step whose screen is not the subject of the test:
 * the CSRF cookie echoed on every change (the API's rule holds for this client too), and the
 * bearer token of a login.
 */
export interface ApiSession {
  user: { id: string; email: string };
  get(path: string): Promise<APIResponse>;
  post(path: string, data?: unknown): Promise<APIResponse>;
  patch(path: string, data?: unknown): Promise<APIResponse>;
}

async function csrfHeader(request: APIRequestContext) {
  await request.get('/api/v1/auth/session');
  const csrf = (await request.storageState()).cookies.find((c) => c.name === 'csrf-token')?.value ?? '';
  return { 'X-CSRF-Token': csrf };
}

export async function apiSignIn(request: APIRequestContext, email: string, password: string, role: string): Promise<ApiSession> {
  const csrf = await csrfHeader(request);
  const login = await request.post('/api/v1/auth/login', { headers: csrf, data: { email, password, role } });
  expect(login.ok(), await login.text()).toBeTruthy();
  const { accessToken, user } = await login.json();
  const headers = { ...csrf, Authorization: `Bearer ${accessToken}` };
  const url = (path: string) => `/api/v1${path}`;
  return {
    user,
    get: (path) => request.get(url(path), { headers }),
    post: (path, data) => request.post(url(path), { headers, data }),
    patch: (path, data) => request.patch(url(path), { headers, data }),
  };
}

/** The newest mail's link to `to` (the dev mailbox's JSON), e.g. to read its one-time token. */
export async function mailLink(request: APIRequestContext, to: string): Promise<URL> {
  const mailbox = await request.get(`/dev/mailbox.json?to=${encodeURIComponent(to)}&limit=1`);
  const { data } = await mailbox.json();
  expect(data[0]?.links?.[0], `a mail to ${to}`).toBeTruthy();
  return new URL(data[0].links[0]);
}

/** A fresh customer account made through the API (sign-up mail, then registration), for journeys about something else. */
export async function registerCustomerByApi(request: APIRequestContext, email: string, password: string) {
  const csrf = await csrfHeader(request);
  const signup = await request.post('/api/v1/auth/signup', { headers: csrf, data: { email } });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  const token = (await mailLink(request, email)).searchParams.get('token');
  const registered = await request.post('/api/v1/auth/customer-register', {
    headers: csrf,
    data: {
      email,
      token,
      password,
      confirmPassword: password,
      lastName: '木村',
      firstName: '拓也',
      phone: '0312345678',
      companyName: '木村商事株式会社',
      companyNameKana: 'キムラショウジカブシキガイシャ',
      postalCode: '100-0001',
      prefecture: '東京都',
      city: '千代田区',
      town: '千代田',
      block: '1-1',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'ユーザーメニュー' }).click();
  await page.getByRole('menuitem', { name: 'ログアウト' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'ログアウト' }).click();
  await expectToast(page, 'ログアウトしました。');
}

/** A browser context of its own (Japan's time zone, a desktop window) signed in through the UI. */
export async function signedInPage(browser: Browser, slug: string, email: string, password = DEMO_PASSWORD): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await signIn(page, slug, email, password);
  await expect(page).not.toHaveURL(/\/sign-in/);
  return page;
}

/** Today as the calendar names its day buttons (2026年11月23日), in Japan. */
export function todayInJapan(): string {
  const parts = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' })
    .formatToParts(new Date())
    .reduce<Record<string, string>>((acc, p) => ({ ...acc, [p.type]: p.value }), {});
  return `${parts.year}年${parts.month}月${parts.day}日`;
}

/** On the posting form: a postal code (the lookup fills the area) and the block. */
export async function fillAddress(scope: Locator, postalCode: string, city: string, block: string) {
  await scope.getByRole('textbox', { name: /郵便番号/ }).fill(postalCode);
  await expect(scope.getByLabel(/^市区町村/)).toHaveValue(city);
  await scope.getByLabel(/^番地/).fill(block);
  // Leaving the field first: once a transit is added, the form shows the stop's errors early and
  // their going away on blur shifts the layout under the next click (reported in H8's note).
  await scope.getByLabel(/^番地/).blur();
}

/** On the posting form: one stop (集荷先, 経由1, 配達先 …) with its address and today's date (the default time window). */
export async function fillStop(page: Page, label: string, postalCode: string, city: string, block: string) {
  const stop = page.getByRole('group', { name: label, exact: true });
  await fillAddress(stop, postalCode, city, block);
  await stop.getByRole('button', { name: /日付/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: new RegExp(todayInJapan()) })
    .click();
  await expect(stop.getByRole('button', { name: /日付/ })).toContainText(todayInJapan());
}

/** Fills the sandbox's card form (Stripe's test card numbers) and presses its pay button. */
export async function payWithCard(page: Page, number: string, button: string | RegExp) {
  await page.getByLabel(/^カード番号/).fill(number);
  await page.getByLabel(/^有効期限（月）/).fill('12');
  await page.getByLabel(/^有効期限（年）/).fill(String(new Date().getFullYear() + 3));
  await page.getByLabel(/^セキュリティコード/).fill('123');
  await page.getByRole('button', { name: button }).click();
}

/**
 * A fresh driver manager registered and subscribed (4242) through the API, for journeys about something else;
 * with `pay: false`, registered only (its payment still to make).
 */
export async function registerDriverManagerByApi(
  request: APIRequestContext,
  email: string,
  password: string,
  { pay = true }: { pay?: boolean } = {},
) {
  const csrf = await csrfHeader(request);
  const signup = await request.post('/api/v1/auth/signup', { headers: csrf, data: { email } });
  expect(signup.ok(), await signup.text()).toBeTruthy();
  const token = (await mailLink(request, email)).searchParams.get('token');
  const registered = await request.post('/api/v1/auth/driver-manager-register', {
    headers: csrf,
    data: {
      email,
      token,
      password,
      confirmPassword: password,
      lastName: '斎藤',
      firstName: '健',
      phone: '0312345678',
      companyName: '斎藤運輸株式会社',
      companyNameKana: 'サイトウウンユカブシキガイシャ',
      postalCode: '100-0001',
      prefecture: '東京都',
      city: '千代田区',
      town: '千代田',
      block: '1-1',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { intentCode } = await registered.json();
  if (!pay) return;
  const card = await request.post('/api/v1/payments/sandbox/cards', {
    headers: csrf,
    data: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
  });
  const subscribed = await request.post('/api/v1/payments/monthly-subscription', {
    headers: csrf,
    data: { token: (await card.json()).id, intentCode },
  });
  expect(subscribed.ok(), await subscribed.text()).toBeTruthy();
}

/**
 * On /shipping-requests/create: chooses the warehouse request as a user does, once the app runs
 * the page (on the page the server painted, the choice is disabled until then).
 */
export async function chooseWarehouseRequest(page: Page) {
  const choice = page.getByRole('radio', { name: /^倉庫依頼/ });
  await expect(choice).toBeEnabled();
  await page.getByText('倉庫依頼', { exact: true }).click();
  await expect(choice).toBeChecked();
}

/** An instant `days` from now at `hour`:00 in Japan. */
export function jst(days: number, hour: number) {
  const date = new Date(Date.now() + days * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
  return `${date}T${String(hour).padStart(2, '0')}:00:00+09:00`;
}

/** A stop of a Tokyo → Osaka delivery posted through the API, its window 9:00–17:00 in `days`. */
export const tokyoOsakaStop = (transportType: 'PICKUP' | 'DELIVERY', days: number) => ({
  transportType,
  prefecture: transportType === 'PICKUP' ? '東京都' : '大阪府',
  city: transportType === 'PICKUP' ? '中央区' : '大阪市北区',
  town: transportType === 'PICKUP' ? '銀座' : '梅田',
  block: '1-2-3',
  timeFrom: jst(days, 9),
  timeTo: jst(days, 17),
  elevator: 'YES',
});

/**
 * What is wrong with the screen the page shows now, each line led by `screen`: axe's serious and
 * critical findings, and anything that sticks out sideways (the page's own scroll, or an element
 * past the window's edge outside a scrolling container), named so the line says where to look.
 */
export async function screenProblems(page: Page, screen: string): Promise<string[]> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const problems = (await new AxeBuilder({ page }).analyze()).violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${screen}: ${v.id} [${v.impact}] ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1 && getComputedStyle(el).position !== 'fixed')
      .filter((el) => !el.closest('[data-radix-scroll-area-viewport], .overflow-x-auto, .overflow-auto, .overflow-hidden'))
      .map((el) => `${el.tagName.toLowerCase()}${el.id ? '#' + el.id : ''}.${[...el.classList].slice(0, 3).join('.')}`);
    return { scroll: document.documentElement.scrollWidth - width, wide: wide.slice(0, 5) };
  });
  if (overflow.scroll > 0 || overflow.wide.length) {
    problems.push(`${screen}: overflows by ${overflow.scroll}px: ${overflow.wide.join(', ')}`);
  }
  return problems;
}
