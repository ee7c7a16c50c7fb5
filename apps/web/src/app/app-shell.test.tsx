/**
 * The shell as a user meets it: the real routes, guard, header, dialog registry
 * and log-out dialog, talking over HTTP to a local server that answers like the API.
 */
import { type IncomingMessage, type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_MESSAGES, SUCCESS_MESSAGES, type TAdminOverview, UI_TEXT } from '@logi/contract';
import { DASHBOARD_TEXT } from '../texts/dashboard';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { authStore } from '../lib/auth-store';
import { sessionUser } from '../test/session-user';
import { Providers } from './providers';
import { createAppRouter } from './router';

// Lazy route chunks are compiled on first use: on a busy machine that takes seconds.

declare const jsdom: { reconfigure(options: { url: string }): void };

const received: { method: string; url: string; authorization?: string; csrf?: string }[] = [];
let sessionAnswer: 'ok' | 'revoked' = 'ok';
let sessionRole: Parameters<typeof sessionUser>[0] = 'CUSTOMER';
let server: Server;
const period = { posted: 0, matched: 0, completed: 0, completedValue: 0, signUps: 0 };
const emptyOverview: TAdminOverview = {
  openRequests: 0,
  activeCustomers: 0,
  activeCarriers: 0,
  thisWeek: period,
  thisMonth: period,
  days: [],
  generatedAt: new Date().toISOString(),
};

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res) => {
    received.push({
      method: req.method!,
      url: req.url!,
      authorization: req.headers.authorization,
      csrf: req.headers['x-csrf-token'] as string | undefined,
    });
    res.setHeader('content-type', 'application/json');
    if (req.url === '/api/v1/auth/session' && sessionAnswer === 'ok') return res.end(JSON.stringify(sessionUser(sessionRole)));
    if (req.url === '/api/v1/auth/session') {
      res.statusCode = 401;
      return res.end(
        JSON.stringify({
          statusCode: 401,
          error: 'Unauthorized',
          code: 'ACCESS_TOKEN_INVALID',
          message: ERROR_MESSAGES.ACCESS_TOKEN_INVALID,
        }),
      );
    }
    if (req.url === '/api/v1/admin/overview') return res.end(JSON.stringify(emptyOverview));
    if (req.url === '/api/v1/auth/logout') return res.end(JSON.stringify({ message: SUCCESS_MESSAGES.loggedOut }));
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // The page is served from the same origin as the API, as in production.
  jsdom.reconfigure({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  received.length = 0;
  sessionAnswer = 'ok';
  sessionRole = 'CUSTOMER';
  authStore.signOut();
  document.cookie = 'csrf-token=csrf-xyz; path=/';
});

function signInAs(role: Parameters<typeof sessionUser>[0], intentCode: string | null = null, hasSubscribed = true) {
  sessionRole = role;
  authStore.signIn({
    accessToken: 'access-1',
    refreshToken: 'refresh-1',
    user: sessionUser(role, { intentCode, hasSubscribed }),
  });
}

function open(path: string) {
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

describe('app shell', () => {
  it('opens the admin on /dashboard, the overview, without a router warning', async () => {
    const warnings: unknown[][] = [];
    const warn = vi.spyOn(console, 'warn').mockImplementation((...args) => void warnings.push(args));
    try {
      signInAs('ADMIN');
      const router = open('/dashboard');
      // The dashboard's frame, then its index route: the overview.
      expect(await screen.findByRole('complementary', { name: UI_TEXT.dashboard.title })).toBeVisible();
      expect(await screen.findByRole('heading', { name: DASHBOARD_TEXT.overview.heading })).toBeVisible();
      expect(router.state.location.pathname).toBe('/dashboard');
      expect(warnings.filter((w) => String(w[0]).includes('route'))).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });

  it('sends a guest from a member page to sign-in, with the guest navigation', async () => {
    const router = open('/my-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'ログイン' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.getAllByRole('link', { name: 'ログイン' }).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('link', { name: '新規登録' }).length).toBeGreaterThan(0);
  });

  it('sends a signed-in customer from a guest page to the conflict page', async () => {
    signInAs('CUSTOMER');
    const router = open('/sign-in/customer');
    expect(await screen.findByRole('heading', { name: 'このページは表示できません' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/conflict');
  });

  it('shows the not-found page for a path nobody may open', async () => {
    const router = open('/no/such/page');
    expect(await screen.findByText('ページが見つかりません')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/not-found');
  });

  it('holds a driver manager with a pending payment on the payment update page', async () => {
    signInAs('DRIVER_MANAGER', 'pi_42');
    const router = open('/manager/drivers');
    await screen.findByRole('heading', { level: 1, name: 'お支払い方法の更新' });
    expect(router.state.location.pathname + router.state.location.search).toBe('/payments/update?intentCode=pi_42');
  });

  it('sends a driver manager who never paid to the sign-up payment step, not to the lapse page', async () => {
    signInAs('DRIVER_MANAGER', 'pi_43', false);
    const router = open('/manager/drivers');
    await screen.findByRole('heading', { level: 1, name: 'お支払い情報の登録' });
    expect(router.state.location.pathname + router.state.location.search).toBe(
      '/sign-up/driver-manager/payment?intentCode=pi_43',
    );
  });

  it('logs out from the header menu: the server session is revoked, credentials cleared, ログアウトしました。 shown', async () => {
    signInAs('CUSTOMER');
    const router = open('/my-page');
    await screen.findByRole('heading', { level: 1, name: 'マイページ' });
    expect(screen.getAllByRole('link', { name: 'マイページ' }).length).toBeGreaterThan(0);

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'メニューを開く' }));
    await user.click(screen.getByRole('button', { name: 'ログアウト' }));
    const dialog = await screen.findByRole('dialog', { name: 'ログアウト' });
    await user.click(within(dialog).getByRole('button', { name: 'ログアウト' }));

    expect(await screen.findByText('ログアウトしました。')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(authStore.getState()).toMatchObject({ isSignedIn: false, accessToken: null, role: 'GUEST' });
    expect(received).toContainEqual({
      method: 'POST',
      url: '/api/v1/auth/logout',
      authorization: 'Bearer access-1',
      csrf: 'csrf-xyz',
    });
    // A guest may not stay on /my-page: the guard runs again.
    await act(async () => {});
    expect(router.state.location.pathname).toBe('/sign-in');
  });

  it('ends a session the server refuses: credentials cleared, back to sign-in with the Japanese message', async () => {
    signInAs('CUSTOMER');
    sessionAnswer = 'revoked';
    const router = open('/notifications');
    expect(await screen.findByText('エラーが発生しました。もう一度ログインしてください。')).toBeInTheDocument();
    expect(authStore.getState().isSignedIn).toBe(false);
    expect(router.state.location.pathname).toBe('/sign-in');
  });
});
