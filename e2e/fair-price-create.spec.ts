/**
 * The fair-price meter on the create form and the admin's fuel price (issue 45), in Chromium
 * against the production build with the demo data: the shipper sees 「標準的運賃の目安」 with its
 * breakdown as the form fills in (and the figure is the one the API answered), a low fixed price
 * is warned about, the form with the panel open passes axe at 375 px, and the admin sets the
 * diesel price from the back office's navigation.
 */
import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Page, type Response, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectToast, fillStop, signIn, todayInJapan } from './helpers';

const ARTIFACTS = 'test-results/artifacts';
test.use({ timezoneId: 'Asia/Tokyo' });

interface QuoteAnswer {
  standardFare: { covered: true; total: number; subtotal: number; distance: { km: number; estimated: boolean } };
}

const yen = (n: number) => `${n.toLocaleString('ja-JP')}円`;

/** Every quote the page received, in order (the panel shows the last one). */
function quotesOf(page: Page): QuoteAnswer[] {
  const quotes: QuoteAnswer[] = [];
  page.on('response', (r: Response) => {
    if (r.url().endsWith('/api/v1/standard-fares/quote') && r.ok()) void r.json().then((q: QuoteAnswer) => quotes.push(q));
  });
  return quotes;
}

/** axe on what the page shows now, once nothing is loading: no serious or critical finding. */
async function expectNoSeriousAxeFindings(page: Page) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

/** The demo customer's create form with 東京都千代田区 → 大阪市北区 today, 4t, 1,200 kg. */
async function fillDraft(page: Page) {
  await signIn(page, 'customer', 'customer@demo.example.jp', DEMO_PASSWORD);
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.goto('/shipping-requests/create');
  const form = page.getByRole('form', { name: '配送依頼' });
  await expect(form).toBeVisible();
  await fillStop(page, '集荷先', '100-0001', '千代田区', '1-1');
  await fillStop(page, '配達先', '530-0001', '大阪市北区', '2-2');
  await form.getByRole('combobox', { name: /車両/ }).click();
  await page.getByRole('option', { name: '4t', exact: true }).click();
  await form.getByLabel(/^総重量/).fill('1200');
  return form;
}

test('a shipper sees the standard fare with its breakdown while filling the form; the form with the panel open passes axe at 375 px', async ({
  page,
}) => {
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.setViewportSize({ width: 375, height: 800 });
  const quotes = quotesOf(page);
  const form = await fillDraft(page);

  const panel = form.getByRole('region', { name: '標準的運賃の目安' });
  const status = panel.getByRole('status');
  await expect(status).toContainText('（推定）');
  await expect.poll(() => quotes.length).toBeGreaterThan(0);
  const fare = quotes.at(-1)!.standardFare;
  expect(fare.covered).toBe(true);
  expect(fare.distance.estimated).toBe(true);
  // 千代田区 → 大阪市北区 is about 500 km by road (decision 091's calibration).
  expect(fare.distance.km).toBeGreaterThan(450);
  expect(fare.distance.km).toBeLessThan(550);
  await expect(status).toContainText(yen(fare.total));
  await expect(status).toContainText(`税抜 ${yen(fare.subtotal)}`);

  // The itemised breakdown, opened by keyboard.
  await panel.getByText('内訳を表示').focus();
  await page.keyboard.press('Enter');
  const table = panel.getByRole('table', { name: '標準的運賃の明細' });
  await expect(table).toBeVisible();
  for (const line of ['基本運賃', '燃料サーチャージ', '小計（税抜）', '消費税（10%）', '合計（税込）'])
    await expect(table.getByRole('rowheader', { name: new RegExp(`^${line}`) }).first()).toBeVisible();
  await expect(table.getByRole('row').last()).toContainText(yen(fare.total));
  await expect(panel).toContainText('関東');
  await expect(panel).toContainText('中型');
  await expect(panel).toContainText('軽油 153.4円/L');
  await expect(panel.getByRole('heading', { name: '計算の前提' })).toBeVisible();

  // Nothing wider than a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await panel.screenshot({ path: `${ARTIFACTS}/standard-fare-panel-375.png` });

  await expectNoSeriousAxeFindings(page);

  // The real distance the shipper enters replaces the estimate.
  await form.getByLabel(/^実走行距離/).fill('512.5');
  await expect(status).toContainText('512.5km（入力値）');
});

test('a fixed price far below the standard fare is warned about; one near it is not', async ({ page }) => {
  const quotes = quotesOf(page);
  const form = await fillDraft(page);
  await expect(form.getByRole('region', { name: '標準的運賃の目安' }).getByRole('status')).toContainText('（推定）');
  await expect.poll(() => quotes.length).toBeGreaterThan(0);
  const { subtotal } = quotes.at(-1)!.standardFare;

  await form.getByRole('radio', { name: '固定価格' }).check();
  const price = form.getByLabel(/^金額/);
  const low = Math.floor(subtotal / 2);
  await price.fill(String(low));
  const warning = form.getByText(/標準的運賃を大きく下回る/);
  await expect(warning).toBeVisible();
  await expect(warning).toContainText(`税抜 ${yen(subtotal)}）の${Math.floor((low / subtotal) * 100)}%です`);

  await price.fill(String(subtotal));
  await expect(warning).toBeHidden();
});

test('the admin sets the diesel price from the back office (axe-clean)', async ({ page }) => {
  await signIn(page, 'admin', 'admin@demo.example.jp', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.getByRole('link', { name: '軽油価格' }).click();
  await expect(page).toHaveURL(/\/dashboard\/fuel-prices$/);
  const current = page.getByRole('region', { name: '現在の価格' });
  await expect(current).toContainText('円/L');
  const history = page.getByRole('table', { name: '設定の履歴' });
  const before = await history.getByRole('row').count();

  const form = page.getByRole('form', { name: '新しい価格を設定' });
  const price = form.getByLabel(/^価格/);
  await price.fill('20');
  await form.getByRole('button', { name: '設定する' }).click();
  await expect(form.getByText('軽油価格は1リットルあたり50〜500円、小数第1位までで入力してください。')).toBeVisible();
  // The demo's own price again, from today: the round trip without changing any other test's fare.
  await price.fill('153.4');
  await form.getByRole('button', { name: '設定する' }).click();
  await expectToast(page, '軽油価格を設定しました。');
  await expect(history.getByRole('row')).toHaveCount(before + 1);
  await expect(history.getByRole('row').nth(1)).toContainText(todayInJapan());
  await expect(history.getByRole('row').nth(1)).toContainText('153.4');
  await expect(current).toContainText(`153.4円/L（${todayInJapan()}から適用）`);
  await expectNoSeriousAxeFindings(page);
});
