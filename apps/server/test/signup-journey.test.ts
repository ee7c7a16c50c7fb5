/**
 * The journey the issue asks for, through HTTP only: a new user signs up,
 * opens the mail in the dev mailbox once the dispatcher delivered it, follows
 * its link, registers as a customer and logs in.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { SUCCESS_MESSAGES } from '@logi/contract';
import { API, customerForm, NEW_PASSWORD } from '../src/modules/registration/registration.test-support';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface MailboxEntry {
  id: string;
  to: string;
  subject: string;
  status: string;
  links: string[];
}

it('a new user signs up through the mailbox link and logs in', async () => {
  const email = `journey-${Date.now()}@example.jp`;

  const signup = await t.call('POST', API.signup, { body: { email } });
  expect(signup.statusCode).toBe(200);
  expect(signup.json()).toEqual({ message: SUCCESS_MESSAGES.registrationMailSent });

  // The mail shows in the mailbox once the dispatcher has delivered it.
  const mail = await vi.waitFor(
    async () => {
      const res = await t.call('GET', `/dev/mailbox.json?to=${encodeURIComponent(email)}`);
      const [entry] = (res.json() as { data: MailboxEntry[] }).data;
      expect(entry).toMatchObject({ to: email, status: 'SENT', subject: '【物流マーケット】メールアドレスの確認' });
      return entry!;
    },
    { timeout: 10_000, interval: 20 },
  );

  // The link as the mail's reader sees it on the page, pointing at the web's verify route.
  const page = await t.call('GET', `/dev/mailbox/${mail.id}`);
  expect(page.statusCode).toBe(200);
  const [link] = mail.links;
  const url = new URL(link!);
  expect(`${url.origin}${url.pathname}`).toBe(`${t.config.appUrl}/sign-up/verify-email`);
  expect(page.body).toContain(`<a href="${link!.replaceAll('&', '&amp;')}"`);
  const token = url.searchParams.get('token')!;

  // The web's verify page calls the API with the link's token.
  const verify = await t.call('GET', `/api/v1/auth/verify-email-token?token=${encodeURIComponent(token)}`);
  expect(verify.statusCode).toBe(200);
  expect(verify.json()).toMatchObject({
    message: SUCCESS_MESSAGES.emailVerified,
    email,
    rolesVerified: [
      { role: 'CUSTOMER', emailVerified: false, isCurrentUser: false },
      { role: 'DRIVER_MANAGER', emailVerified: false, isCurrentUser: false },
    ],
  });

  const register = await t.call('POST', API.customerRegister, { body: customerForm(email, token) });
  expect(register.statusCode).toBe(201);

  const login = await t.call('POST', API.login, { body: { email, password: NEW_PASSWORD, role: 'CUSTOMER' } });
  expect(login.statusCode).toBe(200);
  const { accessToken } = login.json() as { accessToken: string };

  const session = await t.call('GET', API.session, { token: accessToken });
  expect(session.statusCode).toBe(200);
  expect(session.json()).toMatchObject({
    email,
    activeRole: 'CUSTOMER',
    lastName: '佐藤',
    firstName: '花子',
    company: { name: '佐藤商事株式会社' },
  });
});
