/**
 * The bell, panel and list as a signed-in user meets them: the real app shell, routes,
 * query client and event stream, over HTTP to a local server answering like the API
 * (JSON calls and the server-sent event stream).
 */
import { type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type TSessionUser, type TUserNotification } from '@logi/contract';
import { MY_PAGE_TEXT } from '../../texts/my-page';
import { NOTIFICATION_UI_TEXT } from '../../texts/notifications';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { until } from '../../test/wait';
import { Providers } from '../../app/providers';
import { createAppRouter } from '../../app/router';
import { authStore } from '../../lib/auth-store';
import { queryClient } from '../../lib/query-client';
import { sessionUser } from '../../test/session-user';

// Lazy route chunks are compiled on first use: on a busy machine that takes seconds.

declare const jsdom: { reconfigure(options: { url: string }): void };

const USER_ID = '0190a1b2-0000-7000-8000-0000000000aa';
const at = '2026-11-23T09:00:00.000Z';

function userNotification(n: number, title: string, isRead = false): TUserNotification {
  const id = `0190a1b2-0000-7000-8000-${String(n).padStart(12, '0')}`;
  return {
    userId: USER_ID,
    notificationId: id,
    isRead,
    readAt: isRead ? at : null,
    createdAt: at,
    notification: {
      id,
      kind: 'EVENT_NOTIFICATION',
      type: 'PICKUP_REQUEST_APPROVED',
      title,
      message: `${title}の本文`,
      link: `/shipping-requests/applied-items/detail/${id}`,
      fileIds: [],
      createdAt: at,
    },
  };
}

const file = (id: string) => ({
  id,
  fileUrl: `https://files.example.jp/${id}/guide.pdf`,
  fileType: 'application/pdf',
  fileName: '利用ガイド.pdf',
  kind: 'DOCUMENT',
  isUploaded: true,
  createdAt: at,
  updatedAt: at,
});

const api = {
  session: sessionUser('DRIVER') as TSessionUser,
  notifications: [] as TUserNotification[],
  requests: [] as { method: string; url: string }[],
  streams: [] as ServerResponse[],
  /** Every event pushed in this test: a stream opened later gets them too, as the server replays what a reconnect missed. */
  pushed: [] as string[],
};

const json = (res: ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url!, 'http://api.test');
    api.requests.push({ method: req.method!, url: req.url! });
    if (url.pathname === '/api/v1/auth/session') return json(res, api.session);
    if (url.pathname === '/api/v1/notifications/has-unread')
      return json(res, { hasUnreadNotifications: api.notifications.some((n) => !n.isRead) });
    if (url.pathname === '/api/v1/notifications/stream') {
      res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'close' });
      res.write(`id: 100\nevent: ready\ndata: {"at":"${at}"}\n\n`);
      for (const event of api.pushed) res.write(event);
      api.streams.push(res);
      return;
    }
    const read = /^\/api\/v1\/notifications\/([\w-]+)\/mark-as-read$/.exec(url.pathname);
    if (read && req.method === 'PATCH') {
      const item = api.notifications.find((n) => n.notificationId === read[1])!;
      Object.assign(item, { isRead: true, readAt: at });
      return json(res, item);
    }
    const detail = /^\/api\/v1\/notifications\/([\w-]{36})$/.exec(url.pathname);
    if (detail) {
      const item = api.notifications.find((n) => n.notificationId === detail[1])!;
      return json(res, { ...item, notification: { ...item.notification, files: item.notification.fileIds.map(file) } });
    }
    if (url.pathname === '/api/v1/notifications') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const limit = Number(url.searchParams.get('limit') ?? 10);
      const rows = api.notifications.slice((page - 1) * limit, page * limit);
      const pageCount = Math.max(1, Math.ceil(api.notifications.length / limit));
      return json(res, {
        meta: {
          isFirstPage: page === 1,
          isLastPage: page >= pageCount,
          currentPage: page,
          previousPage: page > 1 ? page - 1 : null,
          nextPage: page < pageCount ? page + 1 : null,
          pageCount,
          totalCount: api.notifications.length,
        },
        data: rows,
      });
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jsdom.reconfigure({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  api.session = sessionUser('DRIVER');
  api.notifications = [userNotification(1, '既存の通知')];
  api.requests = [];
  api.streams = [];
  api.pushed = [];
  document.cookie = 'csrf-token=csrf-xyz; path=/';
  authStore.signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', user: sessionUser('DRIVER') });
});
afterEach(() => {
  // Signing out stops the app's stream; nothing cached may leak into the next test.
  act(() => authStore.signOut());
  queryClient.clear();
});

function open(path: string) {
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return router;
}

const count = (path: string) => api.requests.filter((r) => r.url.startsWith(path)).length;

/** The app's event streams still open (a reconnect under load leaves a closed one behind). */
const openStreams = () => api.streams.filter((res) => !res.destroyed && !res.writableEnded);
/**
 * Sends a server-sent event on the open streams, as the server would, and on any opened later
 * (a stream being replaced under load, e.g. at a sign-in, must not lose it; the app drops repeats by id).
 */
const push = (event: string) => {
  api.pushed.push(event);
  openStreams().forEach((res) => res.write(event));
};

describe('notification bell', () => {
  it('shows the unread dot, and a pushed notification toasts its title and refreshes the dot and the list (page 1)', async () => {
    api.notifications = Array.from({ length: 11 }, (_, i) => userNotification(i + 1, `通知${i + 1}`, true));
    const router = open('/notifications?page=2');
    expect(await screen.findByRole('heading', { name: '通知一覧' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: /通知11/ })).toBeInTheDocument(); // page 2 of 10 a page
    const bell = await screen.findByRole('button', { name: '通知' });
    expect(screen.queryByTestId('unread-dot')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '案件通知', selected: true })).toBeInTheDocument();
    await until(() => openStreams().length > 0);

    const pushed = userNotification(99, '配送依頼が承認されました');
    api.notifications.unshift(pushed);
    const before = count('/api/v1/notifications/has-unread');
    push(`id: 101\nevent: notification\ndata: ${JSON.stringify(pushed.notification)}\n\n`);

    // the toast (the list shows the title too, once it has refreshed)
    await until(() => screen.queryAllByText('配送依頼が承認されました').some((el) => el.closest('[data-sonner-toast]') !== null));
    expect(await screen.findByTestId('unread-dot')).toBeInTheDocument();
    expect(bell).toHaveAccessibleName('通知（未読あり）');
    expect(count('/api/v1/notifications/has-unread')).toBeGreaterThan(before);
    // back to page 1, which now starts with the new notification
    expect(await screen.findByRole('button', { name: /^未読\s?配送依頼が承認されました/ })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(api.requests.some((r) => r.url.includes('/api/v1/notifications?page=1&limit=10&isSystemNotifications=false'))).toBe(
      true,
    );
  });

  it('toasts no notification about the page being viewed (like a new message in the room being read), but refreshes the dot', async () => {
    api.notifications = [];
    const room = '/my-page';
    open(room);
    await screen.findByRole('button', { name: '通知' });
    await until(() => openStreams().length > 0);

    const here = userNotification(98, '新着メッセージがあります');
    here.notification.link = room;
    api.notifications.unshift(here);
    push(`id: 101\nevent: notification\ndata: ${JSON.stringify(here.notification)}\n\n`);
    expect(await screen.findByTestId('unread-dot')).toBeInTheDocument();

    // A notification about another page still toasts (and the first one never did).
    const elsewhere = userNotification(99, '配送依頼が承認されました');
    api.notifications.unshift(elsewhere);
    push(`id: 102\nevent: notification\ndata: ${JSON.stringify(elsewhere.notification)}\n\n`);
    await until(() => screen.queryAllByText('配送依頼が承認されました').some((el) => el.closest('[data-sonner-toast]') !== null));
    expect(screen.queryAllByText('新着メッセージがあります').some((el) => el.closest('[data-sonner-toast]') !== null)).toBe(
      false,
    );
  });

  it('opens the panel (20 a page) with the connection state; opening an item marks it read and goes to its screen', async () => {
    const router = open('/my-page');
    const user = userEvent.setup();
    // While the route's code loads, the page's frame shows the header with its bell; the page then
    // takes the frame's place, and a panel opened from the frame's bell with it (seen under load).
    await screen.findByRole('heading', { level: 1, name: MY_PAGE_TEXT.title });
    await user.click(await screen.findByRole('button', { name: '通知（未読あり）' }));
    const panel = await screen.findByRole('dialog', { name: NOTIFICATION_UI_TEXT.panelTitle });
    expect(await within(panel).findByText('接続中')).toBeInTheDocument();
    expect(api.requests.some((r) => r.url === '/api/v1/notifications?page=1&limit=20')).toBe(true);

    await user.click(await within(panel).findByRole('button', { name: /既存の通知/ }));
    await until(
      () => router.state.location.pathname === `/shipping-requests/applied-items/detail/${api.notifications[0]!.notificationId}`,
    );
    expect(api.requests).toContainEqual({
      method: 'PATCH',
      url: `/api/v1/notifications/${api.notifications[0]!.notificationId}/mark-as-read`,
    });
    await until(() => screen.queryByTestId('unread-dot') === null);
  });

  it('lists お知らせ on its tab and shows a notification with its attachments, marking it read', async () => {
    const announcement = userNotification(7, 'メンテナンスのお知らせ');
    const attachment = '0190a1b2-0000-7000-8000-00000000f001';
    Object.assign(announcement.notification, {
      kind: 'SYSTEM_NOTIFICATION',
      type: 'SYSTEM_NOTIFICATION',
      link: `/notifications/detail/${announcement.notificationId}`,
      fileIds: [attachment],
    });
    api.notifications = [announcement];
    const router = open('/notifications');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('tab', { name: 'お知らせ' }));
    await until(() => router.state.location.search === '?tab=system');
    await until(() => api.requests.some((r) => r.url.includes('isSystemNotifications=true')));

    await user.click(await screen.findByRole('button', { name: /メンテナンスのお知らせ/ }));
    expect(await screen.findByRole('heading', { name: 'メンテナンスのお知らせ' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/notifications/detail/${announcement.notificationId}`);
    expect(screen.getByRole('link', { name: '利用ガイド.pdf' })).toHaveAttribute(
      'href',
      `https://files.example.jp/${attachment}/guide.pdf`,
    );
    expect(screen.queryByRole('link', { name: '関連ページを開く' })).not.toBeInTheDocument();
    await until(() => api.requests.some((r) => r.method === 'PATCH'));
    await until(() => screen.queryByTestId('unread-dot') === null);
  });
  it('sends a driver manager whose renewal just failed to /payments/update at once', async () => {
    api.session = sessionUser('DRIVER_MANAGER');
    authStore.signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', user: api.session });
    const router = open('/notifications');
    // The page has loaded (its lazy route and data): the push arrives on a settled app.
    expect(await screen.findByRole('heading', { name: '通知一覧' })).toBeInTheDocument();
    await until(() => openStreams().length > 0 && router.state.navigation.state === 'idle');

    api.session = sessionUser('DRIVER_MANAGER', { intentCode: 'intent-after-failure', hasSubscribed: true });
    const failed = userNotification(97, 'お支払いに失敗しました');
    failed.notification.type = 'SUBSCRIPTION_PAYMENT_FAILED';
    push(`id: 301\nevent: notification\ndata: ${JSON.stringify(failed.notification)}\n\n`);

    await until(() => router.state.location.pathname === '/payments/update');
    expect(router.state.location.search).toBe('?intentCode=intent-after-failure');
  });
});
