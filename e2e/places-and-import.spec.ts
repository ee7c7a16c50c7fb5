/**
 * A shipper who posts every day (issue 49, decision 106): it saves a place on its 住所録, picks
 * it for a stop of the create form (the stop's fields fill in), saves a stop it typed in one tap,
 * and imports a Shift_JIS CSV of ten requests (an error row first refused with its row and
 * column) which then stand in its list. A new shipper each time, so its lists hold only these.
 */
import { expect, test, type Page } from '@playwright/test';
import Encoding from 'encoding-japanese';
import { expectToast, fillAddress, registerCustomerByApi, signIn, todayInJapan, uniqueEmail } from './helpers';

test.use({ timezoneId: 'Asia/Tokyo', viewport: { width: 1280, height: 900 } });
const PASSWORD = 'Shipper1!';
const run = Date.now().toString(36);

async function newShipper(page: Page, prefix: string) {
  const email = uniqueEmail(prefix);
  await registerCustomerByApi(page.request, email, PASSWORD);
  await signIn(page, 'customer', email, PASSWORD);
  // The first page after a fresh build can be slow on a shared machine.
  await expect(page).not.toHaveURL(/\/sign-in/, { timeout: 30_000 });
}

test('a shipper saves a place, picks it for a stop of the create form, and saves a typed stop in one tap', async ({ page }) => {
  await newShipper(page, 'places');
  await page.goto('/my-page');
  await page.getByRole('link', { name: /住所録/ }).click();
  await expect(page.getByRole('heading', { name: '住所録' })).toBeVisible();
  await expect(page.getByText('まだ登録地がありません。')).toBeVisible();

  await page.getByRole('button', { name: '登録地を追加' }).click();
  const dialog = page.getByRole('dialog', { name: '登録地を追加' });
  await dialog.getByLabel(/^登録名/).fill('本社倉庫');
  await fillAddress(dialog, '100-0001', '千代田区', '1-1');
  await dialog.getByLabel(/^担当者名/).fill('総務 山田');
  await dialog.getByLabel(/^電話番号/).fill('0311112222');
  await dialog.getByLabel(/^受付時間/).fill('平日 9:00〜17:00');
  await dialog.getByLabel(/^メモ/).fill('搬入口は裏手');
  await dialog.getByRole('button', { name: '保存する' }).click();
  await expectToast(page, '住所録に登録しました。');
  const card = page.getByRole('article', { name: '本社倉庫' });
  await expect(card).toContainText('東京都千代田区千代田1-1');
  await expect(card).toContainText('搬入口は裏手');

  // The create form: the pickup is picked from the 住所録.
  await page.goto('/shipping-requests/create');
  const pickup = page.getByRole('group', { name: '集荷先', exact: true });
  await pickup.getByRole('combobox', { name: '集荷先を住所録から選ぶ' }).click();
  await page.getByRole('option', { name: '本社倉庫' }).click();
  await expect(pickup.getByLabel(/^都道府県/)).toHaveValue('東京都');
  await expect(pickup.getByLabel(/^市区町村/)).toHaveValue('千代田区');
  await expect(pickup.getByLabel(/^番地/)).toHaveValue('1-1');
  await expect(pickup.getByLabel(/^担当者名/)).toHaveValue('総務 山田');
  await expect(pickup.getByLabel(/^電話番号/)).toHaveValue('0311112222');
  await expect(pickup.getByText('受付時間 平日 9:00〜17:00 / 搬入口は裏手')).toBeVisible();

  // The delivery stop is typed, then saved to the 住所録 in one tap.
  const delivery = page.getByRole('group', { name: '配達先', exact: true });
  await fillAddress(delivery, '220-0011', '横浜市西区', '3-3');
  await delivery.getByRole('button', { name: '配達先の住所を住所録に登録' }).click();
  await expectToast(page, '住所録に登録しました。');

  // The picked stop goes through to the confirmation as filled.
  for (const stop of [pickup, delivery]) {
    await stop.getByRole('button', { name: /日付/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: new RegExp(todayInJapan()) })
      .click();
  }
  const form = page.getByRole('form', { name: '配送依頼' });
  await form.getByRole('combobox', { name: /車両/ }).click();
  await page.getByRole('option', { name: '4t', exact: true }).click();
  await form.getByRole('radio', { name: '常温', exact: true }).check();
  await form.getByLabel(/^荷物名/).fill(`住所録から-${run}`);
  await form.getByLabel(/^総重量/).fill('500');
  await form.getByRole('button', { name: '確認画面へ' }).click();
  const confirm = page.getByRole('dialog', { name: '配送依頼の確認' });
  await expect(confirm).toContainText('千代田区');
  await expect(confirm).toContainText('総務 山田');

  // Both places stand on the 住所録.
  await page.goto('/my-page/places');
  await expect(page.getByTestId('saved-place')).toHaveCount(2);
  await expect(page.getByRole('article', { name: /横浜市西区.*3-3/ })).toBeVisible();

  // Deleting asks first.
  await page.getByRole('button', { name: '本社倉庫を削除' }).click();
  await page.getByRole('dialog', { name: '登録地を削除' }).getByRole('button', { name: '削除する' }).click();
  await expectToast(page, '登録地を削除しました。');
  await expect(page.getByTestId('saved-place')).toHaveCount(1);
});

/** yyyy/MM/dd HH:mm in Japan, `days` from now. */
function cellAt(days: number, hour: number) {
  const d = new Date(Date.now() + days * 86_400_000 + 9 * 3_600_000);
  return `${d.toISOString().slice(0, 10).replaceAll('-', '/')} ${String(hour).padStart(2, '0')}:00`;
}

const HEADINGS = [
  '荷物名',
  '車両',
  '温度帯',
  '総重量(kg)',
  '金額(円)',
  '個数',
  '連絡事項',
  ...['集荷先', '配達先'].flatMap((p) =>
    [
      '郵便番号',
      '都道府県',
      '市区町村',
      '町名',
      '番地',
      '建物名',
      '担当者名',
      '電話番号',
      '開始日時',
      '終了日時',
      'エレベーター',
    ].map((c) => p + c),
  ),
];

function csvRow(n: number, overrides: Record<string, string> = {}) {
  const cells: Record<string, string> = {
    荷物名: `一括-${run}-${n}`,
    車両: '4t',
    温度帯: '常温',
    '総重量(kg)': String(100 * n),
    '金額(円)': n % 2 ? String(20000 + n) : '',
    個数: '',
    // A quoted field with a comma and a line break.
    連絡事項: `"午前中に集荷,\n裏口からお願いします"`,
    集荷先郵便番号: '104-0061',
    集荷先都道府県: '東京都',
    集荷先市区町村: '中央区',
    集荷先町名: '銀座',
    集荷先番地: '1-2-3',
    集荷先建物名: '',
    集荷先担当者名: '佐藤',
    集荷先電話番号: '0312345678',
    集荷先開始日時: cellAt(7, 9),
    集荷先終了日時: cellAt(7, 12),
    集荷先エレベーター: 'あり',
    配達先郵便番号: '530-0001',
    配達先都道府県: '大阪府',
    配達先市区町村: '大阪市北区',
    配達先町名: '梅田',
    配達先番地: '3-1',
    配達先建物名: '',
    配達先担当者名: '',
    配達先電話番号: '',
    配達先開始日時: cellAt(8, 9),
    配達先終了日時: cellAt(8, 17),
    配達先エレベーター: '',
    ...overrides,
  };
  return HEADINGS.map((h) => cells[h]).join(',');
}

const shiftJis = (text: string) =>
  Buffer.from(Encoding.convert(Encoding.stringToCode(text), { to: 'SJIS', from: 'UNICODE' }) as number[]);
const csvFile = (rows: string[]) => ({
  name: 'requests.csv',
  mimeType: 'text/csv',
  buffer: shiftJis([HEADINGS.join(','), ...rows].join('\r\n') + '\r\n'),
});

test('a shipper imports a Shift_JIS CSV of ten requests and sees them in its list', async ({ page }) => {
  await newShipper(page, 'csv-import');
  await page.goto('/shipping-requests/my-items');
  await page.getByRole('link', { name: 'CSVで一括登録' }).click();
  await expect(page.getByRole('heading', { name: '配送依頼のCSV一括登録' })).toBeVisible();

  // The template downloads in Shift_JIS for Excel.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'テンプレート（Shift_JIS・Excel向け）' }).click();
  expect((await download).suggestedFilename()).toBe('delivery-import-template-sjis.csv');

  const rows = Array.from({ length: 10 }, (_, i) => csvRow(i + 1));
  const fileInput = page.getByLabel('CSVファイル');

  // A formula cell and an empty city: refused by row and column, and nothing can be posted.
  await fileInput.setInputFiles(csvFile([...rows.slice(0, 9), csvRow(10, { 荷物名: '=1+1', 配達先市区町村: '' })]));
  await expect(page.getByRole('status')).toContainText('10件中1件にエラーがあります。');
  const errors = page.getByTestId('import-errors');
  await expect(errors.getByRole('row', { name: /11 荷物名/ })).toContainText('数式とみなされる');
  await expect(errors.getByRole('row', { name: /11 配達先市区町村/ })).toContainText('必須項目です。');
  await expect(page.getByRole('button', { name: /件を登録する/ })).toBeDisabled();

  // The corrected file: read as Shift_JIS by itself, previewed, posted with a progress bar.
  await fileInput.setInputFiles(csvFile(rows));
  await expect(page.getByRole('status')).toContainText('10件すべて登録できます。');
  await expect(page.getByRole('status')).toContainText('文字コード: Shift_JIS');
  await expect(page.getByTestId('import-preview').getByRole('row')).toHaveCount(11);
  await expect(page.getByTestId('import-preview')).toContainText(`一括-${run}-10`);
  // The call is held until the bar has been seen (on a quick server it answers before a look).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/request-items/deliveries/import', async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: '10件を登録する' }).click();
  const bar = page.getByRole('progressbar', { name: '登録の進み具合' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuetext', '10件を登録しています…');
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow'))).toBeGreaterThan(2);
  release();
  await expectToast(page, '10件の配送依頼を登録しました。');
  await expect(page).toHaveURL(/\/shipping-requests\/my-items$/);
  const imported = page.getByRole('tabpanel', { name: '配送依頼' }).getByRole('link', { name: new RegExp(`一括-${run}-\\d+・`) });
  await expect(imported).toHaveCount(10);
  for (let n = 1; n <= 10; n++) await expect(imported.filter({ hasText: `一括-${run}-${n}・` })).toHaveCount(1);
});
