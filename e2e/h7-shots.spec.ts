// Throwaway (H7): screenshots of the visual fixes. Not to be committed.
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, followMailLink, signIn } from './helpers';

const OUT = process.env.H7_OUT ?? '/tmp/h7-shots';
const widths = [375, 1280];

for (const width of widths) {
  test(`shots ${width}`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width === 375 ? 800 : 900 });
    // Sign-up form with a long address.
    const email = `yamada.taro.logistics-${width}-${Date.now()}@example-company.co.jp`;
    await page.goto('/sign-up');
    await page.getByLabel('メールアドレス').fill(email);
    await page.getByRole('button', { name: '登録用メールを送信' }).click();
    await expect(page).toHaveURL(/\/sign-up\/email-sent/);
    await followMailLink(page, email, 'メールアドレスの確認');
    await expect(page.getByText('メールアドレスを確認しました。')).toBeVisible();
    await page.screenshot({ path: `${OUT}/verify-${width}.png` });
    await page.getByRole('link', { name: '登録を続ける' }).click();
    await page.getByRole('link', { name: /荷主として登録/ }).click();
    await expect(page.getByLabel(/^メールアドレス/)).toHaveValue(email);
    await page.screenshot({ path: `${OUT}/sign-up-${width}.png`, fullPage: true });

    const list = await request.get('/api/v1/request-items/list/public?page=1&limit=50');
    const items = ((await list.json()).data ?? []) as { id: string; price: { priceType: string } }[];
    const estimation = items.find((i) => i.price?.priceType === 'ESTIMATION');

    await signIn(page, 'driver', 'driver1@demo.example.jp', DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/sign-in/);
    if (estimation) {
      await page.goto(`/shipping-requests/detail/${estimation.id}`);
      await page.waitForTimeout(1500);
      await page.screenshot({ path: `${OUT}/detail-driver-${width}.png` });
    }
    await page.goto('/shipping-requests/filter');
    await page.waitForTimeout(1200);
    await page.screenshot({ path: `${OUT}/filter-${width}.png`, fullPage: true });

    await page.context().clearCookies();
    await signIn(page, 'customer', 'customer@demo.example.jp', DEMO_PASSWORD);
    await expect(page).not.toHaveURL(/sign-in/);
    await page.goto('/my-page');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT}/my-page-${width}.png` });
    await page.goto('/my-page/update-email');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT}/update-email-${width}.png` });
    await page.goto('/my-page/profile');
    await page.waitForTimeout(800);
    await page.screenshot({ path: `${OUT}/profile-${width}.png`, fullPage: true });

    // A toast while the bell's panel is open.
    await page.getByRole('button', { name: /保存/ }).last().click();
    await page.getByRole('button', { name: /通知/ }).first().click();
    await page.waitForTimeout(700);
    await page.screenshot({ path: `${OUT}/bell-toast-${width}.png` });
  });
}
