/** Shared steps of the journeys: the dev mailbox, signing in through the UI. */
import { type Page, expect } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo1234!';
export const NEW_PASSWORD = 'Newpass1!';

/** Opens the newest mail to `to` in the dev mailbox page and follows its link. */
export async function followMailLink(page: Page, to: string, subjectPart: string) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(to)}`);
  await page
    .getByRole('link', { name: new RegExp(subjectPart) })
    .first()
    .click();
  await page.locator('a[href*="token="]').first().click();
}

export async function signIn(page: Page, slug: string, email: string, password: string) {
  await page.goto(`/sign-in/${slug}`);
  await page.getByLabel(/^メールアドレス/).fill(email);
  await page.getByLabel(/^パスワード\s*必須$/).fill(password);
  await page.getByRole('button', { name: 'ログイン', exact: true }).click();
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}@e2e.example.jp`;

export async function expectToast(page: Page, text: string) {
  await expect(page.getByText(text).first()).toBeVisible();
}
