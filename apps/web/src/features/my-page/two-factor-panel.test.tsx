/**
 * The second-factor panel of /dashboard/settings (decision 053), as the admin meets it: the real
 * app, routes and API client over HTTP to a local server answering like the API — enrolment shows
 * the QR code and the setup key, a wrong code is refused with the server's message, the right
 * one shows the recovery codes once; then disabling with the password and a code.
 */
import { type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_MESSAGES, SUCCESS_MESSAGES, type TTotpStatus } from '@logi/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Providers } from '../../app/providers';
import { createAppRouter } from '../../app/router';
import { authStore } from '../../lib/auth-store';
import { queryClient } from '../../lib/query-client';
import { sessionUser } from '../../test/session-user';

declare const jsdom: { reconfigure(options: { url: string }): void };

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const QR =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const RECOVERY = Array.from({ length: 10 }, (_, i) => `abcd-efgh-ijkl-mn${String.fromCharCode(97 + i)}${(i % 8) + 2}`);
const calls: { path: string; body: Record<string, string> }[] = [];
let status: TTotpStatus = { enabled: false, enabledAt: null, recoveryCodesRemaining: 0 };

const send = (res: ServerResponse, code: number, body: unknown) => {
  res.writeHead(code, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const refuse = (res: ServerResponse, code: 'TOTP_CODE_INVALID' | 'CURRENT_PASSWORD_INCORRECT') =>
  send(res, 401, { statusCode: 401, error: 'Unauthorized', code, message: ERROR_MESSAGES[code] });

let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const path = new URL(req.url!, 'http://api.test').pathname;
      const body = raw ? (JSON.parse(raw) as Record<string, string>) : {};
      calls.push({ path, body });
      if (path === '/api/v1/auth/session') return send(res, 200, sessionUser('ADMIN'));
      if (path === '/api/v1/auth/totp') return send(res, 200, status);
      if (path === '/api/v1/auth/totp/enrolment')
        return send(res, 200, { secret: SECRET, otpauthUri: `otpauth://totp/x?secret=${SECRET}`, qrCodeDataUrl: QR });
      if (path === '/api/v1/auth/totp/enrolment/confirm') {
        if (body.code !== '123456') return refuse(res, 'TOTP_CODE_INVALID');
        status = { enabled: true, enabledAt: '2026-11-24T01:00:00.000Z', recoveryCodesRemaining: 10 };
        return send(res, 200, { message: SUCCESS_MESSAGES.totpEnabled, recoveryCodes: RECOVERY });
      }
      if (path === '/api/v1/auth/totp/disable') {
        if (body.password !== 'Passw0rd!') return refuse(res, 'CURRENT_PASSWORD_INCORRECT');
        status = { enabled: false, enabledAt: null, recoveryCodesRemaining: 0 };
        return send(res, 200, { message: SUCCESS_MESSAGES.totpDisabled });
      }
      send(res, 404, { statusCode: 404, error: 'Not Found', code: 'ROUTE_NOT_FOUND', message: ERROR_MESSAGES.ROUTE_NOT_FOUND });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jsdom.reconfigure({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
  document.cookie = 'csrf-token=csrf-xyz; path=/';
  authStore.signIn({ accessToken: 'access-1', refreshToken: 'refresh-1', user: sessionUser('ADMIN') });
});
afterAll(() => {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});
afterEach(() => queryClient.clear());

describe('the second factor in /dashboard/settings', () => {
  it('enrols with the QR code or the setup key, shows the recovery codes once, then disables', async () => {
    const user = userEvent.setup();
    const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: ['/dashboard/settings'] }));
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    const panel = await screen.findByRole('region', { name: '二段階認証' });
    expect(await within(panel).findByTestId('totp-state')).toHaveTextContent('無効');
    await user.click(within(panel).getByRole('button', { name: '二段階認証を設定する' }));

    expect(await within(panel).findByRole('img', { name: '認証アプリに登録するQRコード' })).toHaveAttribute('src', QR);
    expect(within(panel).getByTestId('totp-secret')).toHaveTextContent(SECRET);
    const code = within(panel).getByLabelText(/^確認コード（6桁）/);
    await user.type(code, '654321');
    await user.click(within(panel).getByRole('button', { name: '確認して有効にする' }));
    expect(await screen.findByText(ERROR_MESSAGES.TOTP_CODE_INVALID)).toBeInTheDocument();
    await user.clear(code);
    await user.type(code, '123456');
    await user.click(within(panel).getByRole('button', { name: '確認して有効にする' }));

    const list = await within(panel).findByRole('list', { name: 'リカバリーコードの一覧' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(RECOVERY);
    expect(within(panel).queryByTestId('totp-secret')).toBeNull();
    await user.click(within(panel).getByRole('button', { name: '保管しました' }));
    expect(await within(panel).findByText('未使用のリカバリーコード：10個')).toBeInTheDocument();
    expect(within(panel).getByTestId('totp-state')).toHaveTextContent('有効');
    expect(within(panel).queryByText(RECOVERY[0]!)).toBeNull();

    await user.type(within(panel).getByLabelText(/^パスワード\s*必須$/), 'Passw0rd!');
    await user.type(within(panel).getByLabelText(/^確認コード（6桁）/), '234567');
    await user.click(within(panel).getByRole('button', { name: '無効にする' }));
    expect(await within(panel).findByRole('button', { name: '二段階認証を設定する' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/v1/auth/totp/disable').map((c) => c.body)).toEqual([
      { password: 'Passw0rd!', code: '234567' },
    ]);
  });
});
