/**
 * The credit-card page's 請求書・領収書 (decision 098) as a driver manager meets it, over HTTP to a
 * local server answering like the API: each paid month with its period, date and amount, and its
 * two PDFs saved under their document's name.
 */
import type { TPaymentSetup, TSubscription, TSubscriptionDocument } from '@logi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sessionUser } from '../../test/session-user';
import { json, openApp, serveApi, signIn } from '../../test/test-kit';

const subscription: TSubscription = {
  id: 'sub_sandbox_1',
  status: 'active',
  current_period_start: '2026-12-01T01:00:00.000Z',
  current_period_end: '2027-01-01T01:00:00.000Z',
  trial_start: null,
  trial_end: null,
  default_payment_method: null,
  next_charge_amount: 5500,
  coupon: null,
};
const setup: TPaymentSetup = {
  provider: 'sandbox',
  publishableKey: null,
  currency: 'jpy',
  locale: 'ja',
  plan: { name: 'ドライバー管理者 月額プラン', amount: 5500 },
  devClock: false,
};
const documents: TSubscriptionDocument[] = [
  {
    id: '0190a1b2-0000-7000-8000-000000000002',
    number: 'SUB-000002',
    paidAt: '2026-12-01T01:00:00.000Z',
    periodStart: '2026-12-01T01:00:00.000Z',
    periodEnd: '2027-01-01T01:00:00.000Z',
    total: 5500,
    tax: 500,
  },
  {
    id: '0190a1b2-0000-7000-8000-000000000001',
    number: 'SUB-000001',
    paidAt: '2026-11-01T01:00:00.000Z',
    periodStart: '2026-11-01T01:00:00.000Z',
    periodEnd: '2026-12-01T01:00:00.000Z',
    total: 2750,
    tax: 250,
  },
];

let paid: TSubscriptionDocument[] = documents;
const api = serveApi(({ route }, res) => {
  if (route === 'GET /api/v1/payments/subscription/current') return json(res, subscription);
  if (route === 'GET /api/v1/payments/setup') return json(res, setup);
  if (route === 'GET /api/v1/payments/documents') return json(res, { data: paid });
  if (route.startsWith('GET /api/v1/payments/documents/')) {
    res.writeHead(200, { 'content-type': 'application/pdf' });
    res.end(Buffer.from('%PDF-1.3\n%%EOF\n'));
  }
});

beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});

const manager = () => signIn(sessionUser('DRIVER_MANAGER', { hasSubscribed: true }));

describe('請求書・領収書 on the credit-card page', () => {
  it('lists each paid month, newest first, and saves its 適格請求書 and 領収書', async () => {
    paid = documents;
    manager();
    openApp('/my-page/credit-card');
    const section = await screen.findByRole('region', { name: '請求書・領収書' });
    const rows = await within(section).findAllByTestId('subscription-document');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('対象期間 2026年12月01日 〜 2027年01月01日');
    expect(rows[0]).toHaveTextContent('お支払い日 2026年12月01日');
    expect(rows[0]).toHaveTextContent('金額（税込） 5,500円');
    expect(rows[1]).toHaveTextContent('2,750円');

    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((b: Blob) => {
      saved.push(b);
      return 'blob:pdf';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const user = userEvent.setup();
    await user.click(within(rows[1]!).getByRole('button', { name: 'SUB-000001の領収書をダウンロード' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(api.requests.some((r) => r.url === `/api/v1/payments/documents/${documents[1]!.id}/receipt`)).toBe(true);
    expect((click.mock.instances.at(-1) as unknown as HTMLAnchorElement).download).toBe('領収書_SUB-000001.pdf');

    await user.click(within(rows[0]!).getByRole('button', { name: 'SUB-000002の請求書をダウンロード' }));
    await waitFor(() => expect(saved).toHaveLength(2));
    expect((click.mock.instances.at(-1) as unknown as HTMLAnchorElement).download).toBe('適格請求書_SUB-000002.pdf');
  });

  it('says so when no month has been paid yet', async () => {
    paid = [];
    manager();
    openApp('/my-page/credit-card');
    const section = await screen.findByRole('region', { name: '請求書・領収書' });
    expect(await within(section).findByText('お支払い済みの月額利用料はまだありません。')).toBeInTheDocument();
  });
});
