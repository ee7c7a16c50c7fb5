/** Shared steps of the journeys: the dev mailbox, signing in through the UI. */
import { type APIRequestContext, type APIResponse, type Page, expect } from '@playwright/test';

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
