/**
 * The admin's sign-in with its second factor (decision 053), as the person meets it: the real
 * app, routes and API client over HTTP to a local server answering like the API — the password
 * step answers a challenge, the code step refuses a wrong code with the server's message, then
 * signs in with the challenge it was given.
 */
import { type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_MESSAGES } from '@logi/contract';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { createAppRouter } from '../../app/router';
import { authStore } from '../../lib/auth-store';
import { queryClient } from '../../lib/query-client';
import { sessionUser } from '../../test/session-user';
import { until } from '../../test/wait';

declare const jsdom: { reconfigure(options: { url: string }): void };

const CHALLENGE = 'challenge-token-from-the-password-step';
const bodies: { path: string; body: Record<string, string> }[] = [];

const send = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const path = new URL(req.url!, 'http://api.test').pathname;
      const body = raw ? (JSON.parse(raw) as Record<string, string>) : {};
      bodies.push({ path, body });
      if (path === '/api/v1/auth/login') {
        return send(res, 200, {
          totpRequired: true,
          challengeToken: CHALLENGE,
          expiresAt: new Date(Date.now() + 300_000).toISOString(),
        });
      }
      if (path === '/api/v1/auth/login/totp') {
        if (body.code !== '123456') {
          return send(res, 401, {
            statusCode: 401,
            error: 'Unauthorized',
            code: 'TOTP_CODE_INVALID',
            message: ERROR_MESSAGES.TOTP_CODE_INVALID,
          });
        }
        return send(res, 200, { accessToken: 'access-1', refreshToken: 'refresh-1', user: sessionUser('ADMIN') });
      }
      if (path === '/api/v1/auth/session') return send(res, 200, sessionUser('ADMIN'));
      send(res, 404, { statusCode: 404, error: 'Not Found', code: 'ROUTE_NOT_FOUND', message: ERROR_MESSAGES.ROUTE_NOT_FOUND });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jsdom.reconfigure({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
  document.cookie = 'csrf-token=csrf-xyz; path=/';
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => {
  authStore.signOut();
  queryClient.clear();
});

describe('signing in as an admin with the second factor on', () => {
  it('asks for the code after the password, shows a refusal, then signs in with the challenge', async () => {
    const user = userEvent.setup();
    const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: ['/sign-in/admin'] }));
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    await user.type(await screen.findByLabelText(/^メールアドレス/), 'admin@example.jp');
    await user.type(screen.getByLabelText(/^パスワード\s*必須$/), 'Passw0rd!');
    await user.click(screen.getByRole('button', { name: 'ログイン' }));

    expect(await screen.findByRole('heading', { name: '二段階認証' })).toBeInTheDocument();
    expect(authStore.getState().accessToken).toBeNull();
    const code = screen.getByLabelText(/^確認コードまたはリカバリーコード/);

    // A malformed code is caught before any call.
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: '確認してログイン' }));
    expect(
      await screen.findByText('6桁の確認コード、またはリカバリーコード（xxxx-xxxx-xxxx-xxxx）を入力してください。'),
    ).toBeInTheDocument();
    expect(bodies.some((b) => b.path === '/api/v1/auth/login/totp')).toBe(false);

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: '確認してログイン' }));
    expect(await screen.findByText(ERROR_MESSAGES.TOTP_CODE_INVALID)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/sign-in/admin');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: '確認してログイン' }));
    await until(() => router.state.location.pathname === '/dashboard');
    expect(authStore.getState().accessToken).toBe('access-1');
    expect(bodies.filter((b) => b.path === '/api/v1/auth/login/totp').map((b) => b.body)).toEqual([
      { challengeToken: CHALLENGE, code: '654321' },
      { challengeToken: CHALLENGE, code: '123456' },
    ]);
  });
});
