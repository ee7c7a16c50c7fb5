/**
 * Issue 49 (decisions 106, 107), on the demo data: the demo customer repeats one of its
 * COMPLETED deliveries with new dates and posts it; repeats its warehouse request; and each of
 * the screens (住所録, templates and 定期便, the CSV import with its preview, the
 * repeat forms) passes axe with no serious or critical finding and fits the window, on a phone
 * (375 px) and a desktop (1280 px).
 */
import { type Browser, type Locator, type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, screenProblems, signIn } from './helpers';

const CUSTOMER = 'customer@demo.example.jp';
/** A completed demo job (apps/server/src/demo/completed-jobs.ts): 東雲 → 山下町, 2t, 30,000円. */
const COMPLETED_BAGGAGE = '事務用品（コピー用紙・トナー）';

async function customerPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, timezoneId: 'Asia/Tokyo' });
  const page = await context.newPage();
  await signIn(page, 'customer', CUSTOMER, DEMO_PASSWORD);
  // The first page after a fresh build can be slow on a shared machine.
  await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 30_000 });
  return page;
}

/** A Japan day `days` from today: as the calendar names it (2026年12月02日) and as a date. */
function japanDay(days: number) {
  const iso = new Date(Date.now() + days * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  return { iso, label: `${y}年${m}月${d}日` };
}

/** Chooses a stop's day in its calendar, turning to the next month when the day is there. */
async function chooseDay(page: Page, stop: Locator, label: string) {
  await stop.getByRole('button', { name: /日付/ }).click();
  const calendar = page.getByRole('dialog');
  const day = calendar.getByRole('button', { name: new RegExp(`^${label}`) });
  // The month shown first has its days drawn before asking whether the day is among them.
  await expect(calendar.getByRole('button', { name: /^\d{4}年\d{2}月\d{2}日/ }).first()).toBeVisible();
  if (!(await day.isVisible())) await calendar.getByRole('button', { name: '次の月へ' }).click();
  await day.click();
  await expect(stop.getByRole('button', { name: /日付/ })).toContainText(label);
}

/**
 * The request detail of the customer's request whose row names `text`, from its list: newest
 * first, a page at a time, turned until the row shows, as its shipper would.
 */
async function openMyRequest(page: Page, query: string, text: string) {
  await page.goto(`/shipping-requests/my-items?${query}`);
  const panel = page.getByRole('tabpanel');
  const row = panel.getByRole('link', { name: new RegExp(text) }).first();
  await expect(panel.getByRole('link').first()).toBeVisible();
  while (!(await row.isVisible())) {
    const next = page.getByRole('navigation', { name: 'ページ送り' }).getByRole('button', { name: '次のページ' });
    await expect(next).toBeEnabled();
    const first = (await panel.getByRole('link').first().textContent()) ?? '';
    await next.click();
    await expect(panel.getByRole('link').first()).not.toHaveText(first);
  }
  await row.click();
  await expect(page).toHaveURL(/\/shipping-requests\/my-items\/detail\//);
}

test('the demo customer repeats a completed delivery with new dates and posts it', async ({ browser }) => {
  const page = await customerPage(browser, 1280);
  await openMyRequest(page, 'statuses=COMPLETED', COMPLETED_BAGGAGE);
  await expect(page.getByRole('main')).toContainText(COMPLETED_BAGGAGE);
  await expect(page.getByText('配送完了').first()).toBeVisible();

  await page.getByRole('link', { name: '同じ内容で依頼' }).first().click();
  await expect(page).toHaveURL(/\/shipping-requests\/create\?from=/);
  await expect(page.getByRole('status').filter({ hasText: '前回と同じ内容を入力しました' })).toBeVisible();
  const form = page.getByRole('form', { name: '配送依頼' });
  await expect(form.getByLabel(/^荷物名/)).toHaveValue(COMPLETED_BAGGAGE);
  const pickup = form.getByRole('group', { name: '集荷先', exact: true });
  const delivery = form.getByRole('group', { name: '配達先', exact: true });
  await expect(pickup.getByLabel(/^町域/)).toHaveValue('東雲');
  await expect(delivery.getByLabel(/^町域/)).toHaveValue('山下町');
  // Moved off the past: the pickup starts tomorrow until the shipper chooses.
  await expect(pickup.getByRole('button', { name: /日付/ })).toContainText(japanDay(1).label);

  // New dates: both stops three days ahead.
  const day = japanDay(3);
  await chooseDay(page, pickup, day.label);
  await chooseDay(page, delivery, day.label);
  await form.getByRole('button', { name: '確認画面へ' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '掲載する' }).click();
  await expect(page).toHaveURL(/\/shipping-requests\/create\/success/);

  // The new request: open, with the copied contents on the chosen day.
  await page.getByRole('link', { name: '掲載した依頼を見る' }).click();
  await expect(page).toHaveURL(/\/shipping-requests\/my-items\/detail\//);
  await expect(page.getByRole('main')).toContainText(COMPLETED_BAGGAGE);
  const main = page.getByRole('main');
  await expect(main).toContainText('承認待ち');
  await expect(main).toContainText('東雲');
  await expect(main).toContainText('山下町');
  await expect(main).toContainText('30,000円');
  await expect(main).toContainText(day.label);
});

test('the demo customer repeats its warehouse request', async ({ browser }) => {
  const page = await customerPage(browser, 1280);
  await openMyRequest(page, 'type=warehouse', '新木場');
  await page.getByRole('link', { name: '同じ内容で依頼' }).first().click();
  await expect(page).toHaveURL(/\/shipping-requests\/create\?type=warehouse&from=/);
  await expect(page.getByRole('status').filter({ hasText: '選考の締切と画像は引き継がれない' })).toBeVisible();
  const form = page.getByRole('form', { name: '倉庫依頼' });
  await expect(form.getByLabel(/^町域/)).toHaveValue('新木場');
  await expect(form.getByLabel(/^面積/)).toHaveValue('150');
  await expect(form.getByLabel(/^単価/)).toHaveValue('6500');
  await form.getByRole('button', { name: '確認画面へ' }).click();
  await page.getByRole('dialog').getByRole('button', { name: '掲載する' }).click();
  await expect(page).toHaveURL(/\/shipping-requests\/create\/success\?.*type=warehouse/);
  await page.getByRole('link', { name: '掲載した依頼を見る' }).click();
  const main = page.getByRole('main');
  await expect(main).toContainText('新木場');
  await expect(main).toContainText('マッチング前');
});

for (const width of [375, 1280]) {
  test(`the issue-49 screens pass axe and fit a ${width} px window`, async ({ browser }) => {
    const page = await customerPage(browser, width);
    const findings: string[] = [];
    const at = (screen: string) => `${screen} @${width}px`;

    await page.goto('/my-page/places');
    await expect(page.getByRole('article', { name: '本社倉庫（江東区）' })).toBeVisible();
    findings.push(...(await screenProblems(page, at('住所録'))));
    await page.getByRole('button', { name: '登録地を追加' }).click();
    await expect(page.getByRole('dialog', { name: '登録地を追加' })).toBeVisible();
    findings.push(...(await screenProblems(page, at('住所録: 追加'))));
    await page.keyboard.press('Escape');

    await page.goto('/my-page/templates');
    const card = page.getByRole('region', { name: '毎週月曜 東雲→山下町（販促物）' });
    await expect(card.getByRole('list', { name: '今後の予定' }).getByTestId('occurrence').first()).toBeVisible();
    findings.push(...(await screenProblems(page, at('テンプレート・定期便'))));
    await card.getByRole('button', { name: '定期便を設定' }).click();
    await expect(card.getByRole('form', { name: '定期便を設定' })).toBeVisible();
    await card.getByTestId('occurrence').first().getByRole('button', { name: 'この回だけ変更' }).click();
    await expect(card.getByLabel('この回の集荷時刻')).toBeVisible();
    findings.push(...(await screenProblems(page, at('定期便の設定と一回の変更'))));

    await page.goto('/shipping-requests/import');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'テンプレート（UTF-8 BOM付き）' }).click();
    await page.getByLabel('CSVファイル').setInputFiles((await (await download).path())!);
    await expect(page.getByTestId('import-preview')).toBeVisible();
    findings.push(...(await screenProblems(page, at('CSV一括登録'))));

    await openMyRequest(page, 'statuses=COMPLETED', COMPLETED_BAGGAGE);
    findings.push(...(await screenProblems(page, at('依頼の詳細（完了）'))));
    await page.getByRole('link', { name: '同じ内容で依頼' }).first().click();
    await expect(page.getByRole('form', { name: '配送依頼' }).getByLabel(/^荷物名/)).toHaveValue(COMPLETED_BAGGAGE);
    findings.push(...(await screenProblems(page, at('同じ内容で依頼（配送）'))));

    await openMyRequest(page, 'type=warehouse', '新木場');
    await page.getByRole('link', { name: '同じ内容で依頼' }).first().click();
    await expect(page.getByRole('form', { name: '倉庫依頼' }).getByLabel(/^町域/)).toHaveValue('新木場');
    findings.push(...(await screenProblems(page, at('同じ内容で依頼（倉庫）'))));

    expect(findings.join('\n')).toBe('');
  });
}
