/**
 * The back office's background jobs (decision 101) as the admin meets them: the sidebar's link,
 * the jobs in Japanese with the counts of each state, a failed job's error and its retry, over
 * HTTP to a local server answering like the API.
 */
import { type TBackgroundJob, type TBackgroundJobState, UI_TEXT } from '@logi/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_TEXT } from '../../texts/dashboard';
import { sessionUser } from '../../test/session-user';
import { json, openApp, pageOf, serveApi, signIn, toastShown, until } from '../../test/test-kit';

const T = DASHBOARD_TEXT.jobs;

const job = (n: number, state: TBackgroundJobState, overrides: Partial<TBackgroundJob> = {}): TBackgroundJob => ({
  id: `0190a1b2-0000-7000-8000-0000000001${String(n).padStart(2, '0')}`,
  name: 'mail.deliver',
  state,
  attempts: state === 'QUEUED' ? 0 : 1,
  maxAttempts: 1,
  createdAt: `2026-11-20T0${n}:00:00.000Z`,
  runAfter: `2026-11-20T0${n}:00:00.000Z`,
  startedAt: null,
  finishedAt: null,
  error: null,
  ...overrides,
});

let jobs: TBackgroundJob[] = [];
beforeAll(() => {
  process.env.TZ = 'Asia/Tokyo';
});
const api = serveApi(({ route, url }, res) => {
  if (route === 'GET /api/v1/admin/jobs') {
    const state = url.searchParams.get('state');
    const counts = { QUEUED: 0, RETRYING: 0, RUNNING: 0, COMPLETED: 0, FAILED: 0, CANCELLED: 0 };
    for (const j of jobs) counts[j.state]++;
    return json(res, { ...pageOf(state ? jobs.filter((j) => j.state === state) : jobs, url), counts });
  }
  const retry = /^POST \/api\/v1\/admin\/jobs\/([\w-]+)\/retry$/.exec(route);
  if (retry) {
    const failed = jobs.find((j) => j.id === retry[1]);
    if (!failed) return;
    failed.state = 'RETRYING';
    failed.maxAttempts += 1;
    return json(res, failed);
  }
});

describe('the background jobs screen', () => {
  it('is linked from the admin navigation and lists the jobs in Japanese with each state’s count', async () => {
    jobs = [
      job(3, 'FAILED', { name: 'selection.close-due', error: 'relation "request_items" does not exist' }),
      job(2, 'RUNNING', { name: 'billing.sandbox-renewals' }),
      job(1, 'COMPLETED', { finishedAt: '2026-11-20T01:00:02.000Z' }),
    ];
    signIn(sessionUser('ADMIN'));
    const router = openApp('/dashboard/audit-log');
    const nav = await screen.findByRole('complementary', { name: UI_TEXT.dashboard.title });
    await userEvent.click(within(nav).getByRole('link', { name: UI_TEXT.dashboard.jobs }));
    await until(() => router.state.location.pathname === '/dashboard/jobs');

    const region = await screen.findByRole('region', { name: UI_TEXT.dashboard.jobs });
    await within(region).findByText('選定期限を過ぎた依頼の締め切り');
    const table = within(region).getByRole('table');
    expect(within(table).getByText('サンドボックス決済の更新請求')).toBeVisible();
    expect(within(table).getByText('メール送信（送信待ちの配送）')).toBeVisible();
    expect(within(table).getByText('失敗')).toBeVisible();
    expect(within(table).getByText('実行中')).toBeVisible();
    expect(within(table).getByText('relation "request_items" does not exist')).toBeVisible();
    // Only the failed job can be retried.
    expect(within(table).getAllByRole('button', { name: /を再実行$/ })).toHaveLength(1);

    const counts = screen.getByRole('list', { name: T.countsLabel });
    const failed = within(counts).getByText('失敗').parentElement!;
    expect(failed).toHaveTextContent('失敗1件');
    expect(within(counts).getByText('待機中').parentElement).toHaveTextContent('待機中0件');
  });

  it('queues a failed job again, says so, and shows it waiting for its retry', async () => {
    jobs = [job(1, 'FAILED', { error: 'SMTP 451 try again later' })];
    signIn(sessionUser('ADMIN'));
    openApp('/dashboard/jobs?state=FAILED');
    const table = await screen.findByRole('region', { name: UI_TEXT.dashboard.jobs });
    await userEvent.click(await within(table).findByRole('button', { name: 'メール送信（送信待ちの配送）を再実行' }));

    await toastShown(T.retried);
    expect(api.requests.some((r) => r.method === 'POST' && r.url === `/api/v1/admin/jobs/${jobs[0]!.id}/retry`)).toBe(true);
    expect(api.requests.some((r) => r.url.startsWith('/api/v1/admin/jobs?') && r.url.includes('state=FAILED'))).toBe(true);
    // The lists refresh: the job has left the failed ones.
    await until(() => within(table).queryByText('SMTP 451 try again later') === null);
  });
});
