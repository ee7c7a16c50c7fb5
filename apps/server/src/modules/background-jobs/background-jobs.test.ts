/**
 * The back office's background jobs (decision 101): the admin sees the app's own jobs by state,
 * a failed one with its error, and queues it again; no other caller sees them.
 */
import { sql } from 'drizzle-orm';
import type { TBackgroundJobList } from '@logi/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestApp } from '../../../test/helpers';
import { expectError } from '../../../test/marketplace-fixtures';
import { type Cast, appWithCast } from '../../../test/scenario';

let t: TestApp;
let people: Cast;
beforeAll(async () => {
  ({ t, people } = await appWithCast());
});
afterAll(() => t.close());

const waitFor = <T>(check: () => Promise<T> | T) => vi.waitFor(check, { timeout: 30_000, interval: 50 });

async function jobs(query = '', token = people.admin.token): Promise<TBackgroundJobList> {
  const res = await t.call('GET', `/api/v1/admin/jobs${query}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const retry = (id: string, token = people.admin.token) => t.call('POST', `/api/v1/admin/jobs/${id}/retry`, { token });

describe('the background jobs in the back office', () => {
  it('lists the app’s jobs by state, newest first, with the count of each state', async () => {
    // The cast's sign-ups wrote mail: the outbox's job has run.
    await waitFor(async () => expect((await jobs('?state=COMPLETED')).data.map((j) => j.name)).toContain('mail.deliver'));
    const completed = await jobs('?state=COMPLETED&limit=100');
    const mail = completed.data.find((j) => j.name === 'mail.deliver')!;
    expect(mail).toMatchObject({ state: 'COMPLETED', attempts: 1, maxAttempts: 1, error: null });
    expect(Date.parse(mail.finishedAt!)).toBeGreaterThanOrEqual(Date.parse(mail.createdAt));
    const created = completed.data.map((j) => Date.parse(j.createdAt));
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(completed.counts.COMPLETED).toBe(completed.meta.totalCount);

    const all = await jobs();
    expect(Object.keys(all.counts).sort()).toEqual(['CANCELLED', 'COMPLETED', 'FAILED', 'QUEUED', 'RETRYING', 'RUNNING']);
    expect(all.meta.totalCount).toBe(Object.values(all.counts).reduce((a, b) => a + b, 0));
    expect(all.data.every((j) => !j.name.startsWith('__pgboss__'))).toBe(true);
  });

  it('shows a failed job with its error, and queues it again on retry', async () => {
    // The outbox's table away: the mail job's next run fails.
    await t.app.deps.db.execute(sql`ALTER TABLE mail_outbox RENAME TO mail_outbox_away`);
    let failed: TBackgroundJobList['data'][number] | undefined;
    try {
      await waitFor(async () => {
        failed = (await jobs('?state=FAILED')).data.find((j) => j.name === 'mail.deliver');
        expect(failed?.error).toMatch(/mail_outbox/);
      });
    } finally {
      await t.app.deps.db.execute(sql`ALTER TABLE mail_outbox_away RENAME TO mail_outbox`);
    }
    expect(failed).toMatchObject({ state: 'FAILED', attempts: 1 });

    const res = await retry(failed!.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: failed!.id, state: 'RETRYING', maxAttempts: 2 });
    await waitFor(async () =>
      expect((await jobs('?state=COMPLETED&limit=100')).data.find((j) => j.id === failed!.id)).toMatchObject({
        attempts: 2,
        error: null,
      }),
    );

    // Only a failed job goes back to the queue.
    expectError(await retry(failed!.id), 409, 'BACKGROUND_JOB_NOT_FAILED');
    expectError(await retry('0190a000-0000-7000-8000-000000000000'), 404, 'BACKGROUND_JOB_NOT_FOUND');
  });

  it('refuses every other role, and a caller who is not signed in', async () => {
    const anyJob = (await jobs()).data[0]!;
    for (const who of [people.customer, people.driver, people.manager]) {
      expectError(await t.call('GET', '/api/v1/admin/jobs', { token: who.token }), 401, 'ADMIN_REQUIRED');
      expectError(await retry(anyJob.id, who.token), 401, 'ADMIN_REQUIRED');
    }
    expectError(await t.call('GET', '/api/v1/admin/jobs', {}), 401, 'UNAUTHENTICATED');
  });
});
