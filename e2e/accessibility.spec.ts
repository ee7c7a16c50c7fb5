/**
 * Accessibility (issue 14): axe-core on every screen of spec §2 as the role that sees it,
 * with the main dialogs open. No serious or critical violation may remain; a failure names
 * each rule, the elements it hit and the page. Each role's screens are split in tests small
 * enough to stay well inside their time on a busy machine (CI saw the carrier's and the admin's,
 * each one test then, run out of it).
 */
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { apiSignIn, chooseWarehouseRequest, fillAddress, fillStop, mailLink, signedInPage, uniqueEmail } from './helpers';

const CUSTOMER = 'customer@demo.example.jp';
const MANAGER = 'manager@demo.example.jp';
const DRIVER1 = 'driver1@demo.example.jp';
const ADMIN = 'admin@demo.example.jp';
const DEMO_PASSWORD = 'Demo1234!';

interface Finding {
  screen: string;
  url: string;
  id: string;
  impact: string;
  targets: string[];
  help: string;
}

/** Runs axe on what the page shows now and keeps the serious and critical findings. */
async function audit(page: Page, screen: string, findings: Finding[]) {
  // Wait for what the user sees: the page's main heading and no loading skeleton.
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const result = await new AxeBuilder({ page }).analyze();
  for (const v of result.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue;
    findings.push({
      screen,
      url: page.url(),
      id: v.id,
      impact: v.impact,
      targets: v.nodes.map((n) => n.target.join(' ')),
      help: v.help,
    });
  }
}

function report(findings: Finding[]): string {
  return findings.map((f) => `${f.screen} (${f.url}): ${f.id} [${f.impact}] ${f.help} — ${f.targets.join(', ')}`).join('\n');
}

async function visit(page: Page, path: string, screen: string, findings: Finding[]) {
  await page.goto(path);
  await audit(page, screen, findings);
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Asia/Tokyo' });
  return context.newPage();
}

test('public pages and the sign-in and sign-up steps', async ({ browser }) => {
  const findings: Finding[] = [];
  const page = await newPage(browser);
  for (const [path, screen] of [
    ['/', 'ホーム'],
    ['/sign-in', 'ログイン（選択）'],
    ['/sign-in/customer', 'ログイン（荷主）'],
    ['/sign-in/driver-manager', 'ログイン（ドライバー管理者）'],
    ['/sign-in/driver', 'ログイン（ドライバー）'],
    ['/sign-in/admin', 'ログイン（管理者）'],
    ['/forgot-password', 'パスワード再設定'],
    ['/sign-up', '会員登録'],
    ['/sign-up/role', '会員登録（役割）'],
    ['/not-found', '404'],
  ] as const) {
    await visit(page, path, screen, findings);
  }
  expect(findings, report(findings)).toEqual([]);
});

/**
 * A matched 2 t delivery (driver1 at the fixed price, approved), so the 実運送体制管理簿 shows its
 * table; returns the register's page for the pickup's month (Japan time).
 */
async function heavyMatchedDelivery(request: APIRequestContext): Promise<string> {
  const customer = await apiSignIn(request, CUSTOMER, DEMO_PASSWORD, 'CUSTOMER');
  const driver = await apiSignIn(request, DRIVER1, DEMO_PASSWORD, 'DRIVER');
  const day = new Date(Date.now() + 2 * 86_400_000 + 9 * 3_600_000).toISOString().slice(0, 10);
  const stop = (transportType: 'PICKUP' | 'DELIVERY', hour: number) => ({
    transportType,
    postalCode: '100-0001',
    prefecture: '東京都',
    city: '千代田区',
    town: '千代田',
    block: '1-1',
    timeFrom: `${day}T${hour}:00:00+09:00`,
    timeTo: `${day}T${hour + 2}:00:00+09:00`,
    elevator: 'NOT_NEEDED',
  });
  const posted = await customer.post('/request-items/deliveries', {
    vehicleType: 'FOUR_T_TRUCK',
    vehicleTemperatureRange: 'ROOM',
    baggageName: `鋼材（アクセシビリティ確認 ${Date.now()}）`,
    totalWeight: 2000,
    price: 52000,
    transports: [stop('PICKUP', 10), stop('DELIVERY', 14)],
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const { id } = (await posted.json()) as { id: string };
  const applied = await driver.post('/request-items/apply-fixed-price', { requestItemId: id });
  expect(applied.ok(), await applied.text()).toBeTruthy();
  const { candidate } = (await applied.json()) as { candidate: { id: string } };
  const approved = await customer.post(`/candidates/${candidate.id}/approve`, { requestItemId: id });
  expect(approved.ok(), await approved.text()).toBeTruthy();
  return `/carrier-register?month=${day.slice(0, 7)}`;
}

/** The register with its table, reached from the header's menu, audited with the scrolling table focused. */
async function auditRegister(page: Page, registerPath: string, screen: string, findings: Finding[]) {
  await page.getByRole('navigation', { name: 'メインメニュー' }).getByRole('link', { name: '実運送体制管理簿' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '実運送体制管理簿' })).toBeVisible();
  await visit(page, registerPath, screen, findings);
  const table = page.getByRole('region', { name: /^実運送体制管理簿の表/ });
  await expect(table.getByTestId('register-row').first()).toBeVisible();
  await table.focus();
  await expect(table).toBeFocused();
  await audit(page, `${screen}（表にフォーカス）`, findings);
}

test('the sign-up steps with a mailed link: verification, role, the customer’s and the driver manager’s forms (errors shown)', async ({
  browser,
  request,
}) => {
  const findings: Finding[] = [];
  const page = await newPage(browser);
  const email = uniqueEmail('axe-signup');
  await page.goto('/sign-up');
  await audit(page, '会員登録', findings);
  await page.getByLabel(/^メールアドレス/).fill(email);
  await page.getByRole('button', { name: '登録用メールを送信' }).click();
  await expect(page).toHaveURL(/\/sign-up\/email-sent/);
  await audit(page, '会員登録（メール送信済み）', findings);
  const link = await mailLink(request, email);
  const token = link.searchParams.get('token')!;
  await page.goto(link.pathname + link.search);
  await audit(page, '会員登録（メール確認）', findings);
  await visit(page, `/sign-up/role?token=${token}`, '会員登録（役割）', findings);
  for (const [path, screen] of [
    ['/sign-up/customer', '会員登録（荷主）'],
    ['/sign-up/driver-manager', '会員登録（ドライバー管理者）'],
  ] as const) {
    await visit(page, `${path}?token=${token}`, screen, findings);
    // With every field's error shown.
    await page.getByRole('button', { name: '登録する', exact: true }).click();
    await expect(page.getByText('必須項目です。').first()).toBeVisible();
    await audit(page, `${screen}・エラー表示`, findings);
  }
  expect(findings, report(findings)).toEqual([]);
});

/** Opens a dialog with its button, audits the page with it open, and closes it with Escape. */
async function auditDialog(page: Page, button: string, screen: string, findings: Finding[], role: 'dialog' | 'menu' = 'dialog') {
  await page.getByRole('button', { name: button }).first().click();
  const dialog = role === 'menu' ? page.getByRole('menu') : page.getByRole('dialog').or(page.getByRole('alertdialog'));
  await expect(dialog.first()).toBeVisible();
  await audit(page, screen, findings);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
}

/** Every tab of the page's tab list, each audited once selected. */
async function auditTabs(page: Page, screen: string, findings: Finding[]) {
  const tabs = page.getByRole('tab');
  const names = await tabs.allInnerTexts();
  for (const name of names) {
    await page.getByRole('tab', { name: name.trim(), exact: true }).click();
    await expect(page.getByRole('tab', { name: name.trim(), exact: true })).toHaveAttribute('aria-selected', 'true');
    await audit(page, `${screen}（${name.trim()}）`, findings);
  }
}

test('the shipper’s screens: requests, their detail, candidates and talkroom', async ({ browser, request }) => {
  const findings: Finding[] = [];
  const registerPath = await heavyMatchedDelivery(request);
  const api = await apiSignIn(request, CUSTOMER, DEMO_PASSWORD, 'CUSTOMER');
  const mine = (await (await api.get('/request-items/my-items?limit=20')).json()).data as { id: string; type: string }[];
  const details = await Promise.all(
    mine.map(
      async (i) =>
        (await (await api.get(`/request-items/my-items/${i.id}`)).json()) as {
          id: string;
          status: string;
          talkrooms: { id: string }[];
        },
    ),
  );
  const page = await signedInPage(browser, 'customer', CUSTOMER);
  await visit(page, '/shipping-requests/my-items', '依頼一覧（荷主）', findings);
  const item = details.find((d) => d.talkrooms.length > 0) ?? details[0]!;
  await visit(page, `/shipping-requests/my-items/detail/${item.id}`, '依頼詳細（荷主）', findings);
  await visit(page, `/shipping-requests/my-items/detail/${item.id}/candidates`, '応募者一覧', findings);
  if ((await page.getByRole('button', { name: 'この応募者を承認' }).count()) > 0) {
    await auditDialog(page, 'この応募者を承認', '承認ダイアログ', findings);
  }
  const open = details.find((d) => (d as { status?: string }).status === 'WAITING_APPROVE');
  if (open) {
    await visit(page, `/shipping-requests/my-items/detail/${open.id}`, '依頼詳細（荷主・受付中）', findings);
    await auditDialog(page, '依頼をキャンセル', 'キャンセルダイアログ', findings);
    await auditDialog(page, '依頼を削除', '削除ダイアログ', findings);
  }
  if (item.talkrooms[0]) {
    await visit(page, `/shipping-requests/detail/${item.id}/talkrooms/${item.talkrooms[0].id}`, 'トークルーム（荷主）', findings);
  }
  await visit(page, '/shipping-requests/my-items/stop-times', '荷待ち・荷役時間', findings);
  await auditRegister(page, registerPath, '実運送体制管理簿（荷主）', findings);
  expect(findings, report(findings)).toEqual([]);
});

test('the shipper’s posting forms with their confirm dialog, my page and notifications', async ({ browser }) => {
  const findings: Finding[] = [];
  const page = await signedInPage(browser, 'customer', CUSTOMER);
  await visit(page, '/shipping-requests/create', '依頼作成（配送）', findings);
  // An empty submit shows every field's error: audited with the messages shown.
  await page.getByRole('form', { name: '配送依頼' }).getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByText('必須項目です。').first()).toBeVisible();
  await audit(page, '依頼作成（配送・エラー表示）', findings);
  await chooseWarehouseRequest(page);
  const warehouse = page.getByRole('form', { name: '倉庫依頼' });
  await fillAddress(warehouse, '100-0001', '千代田区', '1-1');
  await warehouse.getByRole('radio', { name: '冷凍', exact: true }).check();
  await warehouse.getByLabel(/^面積/).fill('50');
  await warehouse.getByLabel(/^依頼数量/).fill('20');
  await warehouse.getByLabel(/^単価/).fill('8000');
  await warehouse.getByRole('checkbox', { name: '冷蔵冷凍車' }).check();
  await warehouse.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('dialog', { name: '倉庫依頼の確認' })).toBeVisible();
  await audit(page, '倉庫依頼の確認ダイアログ', findings);
  await page.keyboard.press('Escape');
  await visit(page, '/my-page', 'マイページ（荷主）', findings);
  // The bell's panel open.
  await page.getByRole('banner').getByRole('button', { name: /^通知/ }).click();
  await expect(page.getByRole('dialog', { name: '通知' })).toBeVisible();
  await audit(page, '通知パネル', findings);
  await page.keyboard.press('Escape');
  await auditDialog(page, 'ユーザーメニュー', 'ユーザーメニュー', findings, 'menu');
  await visit(page, '/my-page/profile', 'プロフィール', findings);
  await visit(page, '/notifications', 'お知らせ（荷主）', findings);
  await auditTabs(page, 'お知らせ（荷主）', findings);
  expect(findings, report(findings)).toEqual([]);
});

test('the delivery form’s confirm dialog', async ({ browser }) => {
  const findings: Finding[] = [];
  const page = await signedInPage(browser, 'customer', CUSTOMER);
  await page.goto('/shipping-requests/create');
  const delivery = page.getByRole('form', { name: '配送依頼' });
  await expect(delivery).toBeVisible();
  await fillStop(page, '集荷先', '100-0001', '千代田区', '1-1');
  await fillStop(page, '配達先', '220-0011', '横浜市西区', '3-3');
  await delivery.getByRole('combobox', { name: /車両/ }).click();
  await page.getByRole('option', { name: '4t', exact: true }).click();
  await delivery.getByRole('radio', { name: '常温', exact: true }).check();
  await delivery.getByLabel(/^荷物名/).fill('事務機器');
  await delivery.getByLabel(/^総重量/).fill('300');
  await delivery.getByRole('button', { name: '確認画面へ' }).click();
  await expect(page.getByRole('dialog', { name: '配送依頼の確認' })).toBeVisible();
  await audit(page, '配送依頼の確認ダイアログ', findings);
  expect(findings, report(findings)).toEqual([]);
});

test('the carrier’s screens: a driver', async ({ browser, request }) => {
  const findings: Finding[] = [];
  const api = await apiSignIn(request, DRIVER1, DEMO_PASSWORD, 'DRIVER');
  const applied = (await (await api.get('/request-items/applied-items')).json()).data as {
    id: string;
    talkroom?: { id: string } | null;
  }[];
  const page = await signedInPage(browser, 'driver', DRIVER1);
  await visit(page, '/shipping-requests/results', '検索結果', findings);
  await visit(page, '/shipping-requests/filter', '検索条件', findings);
  await page.goto('/shipping-requests/results');
  await page.locator('[data-testid="request-row"]').first().click();
  await expect(page).toHaveURL(/\/shipping-requests\/detail\/[0-9a-f-]{36}$/);
  await audit(page, '依頼詳細（運送側）', findings);
  // The bid's confirm dialog, on an estimation request of the market.
  const market = (await (await api.get('/request-items/list/private?limit=50')).json()).data as {
    id: string;
    price: { priceType: string };
    isApplied?: boolean;
  }[];
  const estimation = market.find((i) => i.price.priceType === 'ESTIMATION');
  if (estimation) {
    await visit(page, `/shipping-requests/detail/${estimation.id}/price-estimation`, '見積もり入力', findings);
    await page.getByRole('spinbutton', { name: /見積もり価格/ }).fill('45000');
    await page.getByRole('button', { name: '確認へ進む' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await audit(page, '見積もり送信ダイアログ', findings);
    await page.keyboard.press('Escape');
  }
  const fixed = market.find((i) => i.price.priceType === 'FIXED' && !i.isApplied);
  if (fixed) {
    await visit(page, `/shipping-requests/detail/${fixed.id}`, '依頼詳細（固定価格）', findings);
    await auditDialog(page, '提示価格で応募する', '応募ダイアログ', findings);
  }
  await visit(page, '/shipping-requests/applied-items', '応募した依頼', findings);
  await auditTabs(page, '応募した依頼', findings);
  const item = applied.find((a) => a.talkroom) ?? applied[0]!;
  await visit(page, `/shipping-requests/applied-items/detail/${item.id}`, '応募した依頼の詳細', findings);
  if (item.talkroom) {
    await visit(page, `/shipping-requests/detail/${item.id}/talkrooms/${item.talkroom.id}`, 'トークルーム（運送側）', findings);
  }
  await visit(page, `/shipping-requests/applied-items/detail/${item.id}/report`, '完了報告', findings);
  await visit(page, '/notifications', 'お知らせ（ドライバー）', findings);
  expect(findings, report(findings)).toEqual([]);
});

test('the carrier’s screens: a driver manager', async ({ browser, request }) => {
  const findings: Finding[] = [];
  const manager = await signedInPage(browser, 'driver-manager', MANAGER);
  await visit(manager, '/manager/drivers', 'ドライバー管理', findings);
  await auditDialog(manager, 'ドライバーを招待', 'ドライバーを招待ダイアログ', findings);
  await auditDialog(manager, '削除', 'ドライバー削除ダイアログ', findings);
  await visit(manager, '/my-page/credit-card', 'クレジットカード', findings);
  await visit(manager, '/shipping-requests/results', '検索結果（ドライバー管理者）', findings);
  await auditRegister(manager, await heavyMatchedDelivery(request), '実運送体制管理簿（ドライバー管理者）', findings);
  expect(findings, report(findings)).toEqual([]);
});

test('the admin’s back office: its lists and settings', async ({ browser }) => {
  const findings: Finding[] = [];
  const page = await signedInPage(browser, 'admin', ADMIN);
  await visit(page, '/dashboard', '管理画面トップ', findings);
  for (const [path, screen] of [
    ['/dashboard/deliveries', '配送依頼一覧'],
    ['/dashboard/warehouses', '倉庫依頼一覧'],
    ['/dashboard/drivers', 'ドライバー一覧'],
    ['/dashboard/customers', '荷主一覧'],
    ['/dashboard/notifications', 'お知らせ一覧'],
    ['/dashboard/audit-log', '監査ログ'],
    ['/dashboard/jobs', 'バックグラウンドジョブ'],
  ] as const) {
    await visit(page, path, screen, findings);
  }
  await auditDialog(page, 'ログアウト', 'ログアウトダイアログ', findings);
  await visit(page, '/dashboard/notifications/create', 'お知らせ作成', findings);
  await visit(page, '/dashboard/settings', '設定', findings);
  expect(findings, report(findings)).toEqual([]);
});

test('the admin’s back office: the details of a request and an account, with their dialogs', async ({ browser, request }) => {
  const findings: Finding[] = [];
  const driver = await apiSignIn(request, DRIVER1, DEMO_PASSWORD, 'DRIVER');
  const customer = await apiSignIn(request, CUSTOMER, DEMO_PASSWORD, 'CUSTOMER');
  const delivery = (
    (await (await customer.get('/request-items/my-items?requestType=DELIVERY')).json()).data as { id: string }[]
  )[0]!;
  const warehouse = (
    (await (await customer.get('/request-items/my-items?requestType=WAREHOUSE')).json()).data as { id: string }[]
  )[0]!;
  const page = await signedInPage(browser, 'admin', ADMIN);
  for (const [path, screen] of [
    [`/dashboard/deliveries/${delivery.id}`, '配送依頼の詳細'],
    [`/dashboard/warehouses/${warehouse.id}`, '倉庫依頼の詳細'],
    [`/dashboard/drivers/${driver.user.id}`, 'ドライバーの詳細'],
    [`/dashboard/customers/${customer.user.id}`, '荷主の詳細'],
  ] as const) {
    await visit(page, path, screen, findings);
    await auditTabs(page, screen, findings);
    await page.goto(path);
    await expect(page.locator('h1').first()).toBeVisible();
    for (const button of ['依頼を削除', 'アカウントを停止']) {
      const control = page.getByRole('button', { name: button });
      if ((await control.count()) > 0 && (await control.first().isEnabled())) {
        await auditDialog(page, button, `${screen}・${button}ダイアログ`, findings);
      }
    }
  }
  expect(findings, report(findings)).toEqual([]);
});
