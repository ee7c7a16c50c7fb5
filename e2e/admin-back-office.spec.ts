/**
 * The admin back office through the UI only (issue 12): the overview, finding a customer
 * by a two-character keyword, suspending and reactivating it, a delivery's tabs, the CSV
 * of a list, and a broadcast that the customer then reads.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, expectToast, signIn, signedInPage } from './helpers';

const CUSTOMER = 'customer@demo.example.jp';

test('an operator runs the back office: overview, accounts, a delivery, CSV and a broadcast', async ({ page, browser }) => {
  await signIn(page, 'admin', 'admin@demo.example.jp', DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: '運営の概況' })).toBeVisible();
  await expect(page.getByText('募集中の依頼')).toBeVisible();
  await expect(page.getByRole('img', { name: '過去30日間の新規依頼・成約・完了の件数' })).toBeVisible();

  // Find the demo customer by two characters of its company name; the keyword stays in the URL.
  await page.getByRole('navigation').getByRole('link', { name: '荷主アカウント' }).click();
  await page.getByRole('searchbox').fill('物産');
  await page.getByRole('button', { name: '検索' }).click();
  await expect(page).toHaveURL(/keyword=%E7%89%A9%E7%94%A3/);
  const row = page.getByRole('row').filter({ hasText: CUSTOMER });
  await expect(row).toBeVisible();

  // The list as filtered, as a CSV that Excel opens in Japanese.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'CSVダウンロード' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^荷主アカウント一覧_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.toString('utf8');
  expect(text).toContain('氏名,フリガナ,会社名,メールアドレス');
  expect(text).toContain(CUSTOMER);

  // Suspend, then reactivate.
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: '詳細' })).toBeVisible();
  await page.getByRole('button', { name: 'アカウントを停止' }).click();
  const suspend = page.getByRole('dialog', { name: '荷主アカウントを停止しますか？' });
  await suspend.getByRole('button', { name: 'アカウントを停止' }).click();
  await expectToast(page, 'アカウントを停止しました。');
  await expect(page.getByText('停止中').first()).toBeVisible();
  await expect(page.getByRole('region', { name: '操作履歴' }).getByText('アカウント停止')).toBeVisible();

  await page.getByRole('button', { name: 'アカウントを再開' }).click();
  await page
    .getByRole('dialog', { name: '荷主アカウントを再開しますか？' })
    .getByRole('button', { name: 'アカウントを再開' })
    .click();
  await expectToast(page, 'アカウントを有効にしました。');
  await expect(page.getByRole('button', { name: 'アカウントを停止' })).toBeVisible();

  // The customer's transaction history lists its requests.
  await page.getByRole('tab', { name: '取引履歴' }).click();
  await expect(page).toHaveURL(/\/transaction-histories$/);
  await expect(page.getByRole('table', { name: '取引履歴' }).getByRole('link', { name: '精密機器部品' })).toBeVisible();

  // A delivery and its tabs.
  await page.getByRole('navigation').getByRole('link', { name: '依頼一覧' }).click();
  await page.getByRole('searchbox').fill('精密');
  await page.getByRole('button', { name: '検索' }).click();
  await page.getByRole('link', { name: '精密機器部品' }).first().click();
  await expect(page.getByText('株式会社サンプル物産').first()).toBeVisible();
  await page.getByRole('tab', { name: '輸送情報' }).click();
  await expect(page).toHaveURL(/\/transports$/);
  await expect(page.getByText('集荷', { exact: true }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'トークルーム' }).click();
  await expect(page.getByText('管理者は閲覧のみです。')).toBeVisible();
  await expect(page.getByRole('button', { name: /とのトークルーム/ }).first()).toBeVisible();
  await page.getByRole('tab', { name: '配送完了確認' }).click();
  await expect(page).toHaveURL(/\/delivery-confirmation$/);
  await expect(page.getByText('まだ完了報告はありません。')).toBeVisible();

  // A broadcast to customers, with a preview first.
  const title = `システムメンテナンスのお知らせ ${Date.now()}`;
  await page.getByRole('navigation').getByRole('link', { name: '通知履歴' }).click();
  await page.getByRole('link', { name: '新規通知を作成' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '通知登録（送信）' })).toBeVisible();
  await page.getByRole('checkbox', { name: '荷主' }).check();
  await page.getByLabel(/^タイトル/).fill(title);
  await page.getByLabel(/^本文/).fill('12月1日 2:00〜4:00 はサービスを停止します。');
  await page.getByRole('button', { name: 'プレビュー' }).click();
  const preview = page.getByRole('region', { name: 'プレビュー' });
  await expect(preview.getByText(title)).toBeVisible();
  await page.getByRole('button', { name: '送信する' }).click();
  await expectToast(page, 'お知らせを送信しました。');
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText('荷主', { exact: true })).toBeVisible();

  // The customer reads it.
  const customer = await signedInPage(browser, 'customer', CUSTOMER);
  await customer.goto('/notifications?tab=system');
  await expect(customer.getByText(title)).toBeVisible();
  await customer.getByText(title).click();
  await expect(customer.getByText('12月1日 2:00〜4:00 はサービスを停止します。')).toBeVisible();

  // Back in the history, the broadcast counts one read.
  await page.getByRole('link', { name: '通知履歴へ戻る' }).click();
  await page.getByRole('searchbox').fill(title);
  await page.getByRole('button', { name: '検索' }).click();
  // The customer opened it: one read.
  // 既読数 is the fourth column.
  await expect(page.getByRole('row').filter({ hasText: title }).getByRole('cell').nth(3)).toHaveText(/^1（\d+%）$/);
  await customer.context().close();

  // Every admin action is on the audit log page.
  await page.getByRole('navigation').getByRole('link', { name: '操作履歴' }).click();
  await page.getByRole('combobox', { name: '操作' }).selectOption('NOTIFICATION_SENT');
  await expect(page).toHaveURL(/action=NOTIFICATION_SENT/);
  await expect(page.getByRole('table', { name: '操作履歴' }).getByRole('cell', { name: 'お知らせの送信' }).first()).toBeVisible();
  await page.getByRole('combobox', { name: '操作' }).selectOption('ACCOUNT_SUSPENDED');
  await expect(page.getByRole('table', { name: '操作履歴' }).getByRole('cell', { name: '有効 → 停止中' }).first()).toBeVisible();
});
