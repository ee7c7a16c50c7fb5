/**
 * The billing profile on /my-page/profile (issue 46, decision 097), over HTTP to a local server
 * answering like the API: the manager's 振込先 form and the shipper's payment terms form, each
 * validated by the contract's schema before anything is sent; and the 登録番号 hint.
 */
import { FIELD_MESSAGES, SUCCESS_MESSAGES, type TBankAccount, type TPaymentTermsView } from '@logi/contract';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { sessionUser } from '../../test/session-user';
import { json, openApp, serveApi, signIn, toastShown, until } from '../../test/test-kit';

const COMPANY = sessionUser('DRIVER_MANAGER').company!.id;
const BANK_PATH = `/api/v1/companies/${COMPANY}/bank-account`;
const TERMS_PATH = `/api/v1/companies/${COMPANY}/payment-terms`;
const DEFAULT_VIEW: TPaymentTermsView = {
  terms: { closingDay: 'END', payMonth: 1, payDay: 'END' },
  label: '月末締め翌月末払い',
  isDefault: true,
};

let bankAccount: TBankAccount | null = null;
const api = serveApi(({ route, body }, res) => {
  if (route === `GET ${BANK_PATH}`) return json(res, { bankAccount });
  if (route === `PUT ${BANK_PATH}`) {
    bankAccount = { ...(body as Omit<TBankAccount, 'updatedAt'>), updatedAt: '2026-11-20T09:00:00.000+09:00' };
    return json(res, bankAccount);
  }
  if (route === `GET ${TERMS_PATH}`) return json(res, DEFAULT_VIEW);
  if (route === `PUT ${TERMS_PATH}`) return json(res, { terms: body, label: '20日締め翌月20日払い', isDefault: false });
  return false;
});

const puts = (path: string) => api.requests.filter((r) => r.method === 'PUT' && r.url === path);

async function choose(user: ReturnType<typeof userEvent.setup>, label: string, option: string) {
  await user.click(screen.getByRole('combobox', { name: new RegExp(`^${label}`) }));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('the 振込先 form (driver manager)', () => {
  it('refuses a wrong number and holder in Japanese, then saves the account', async () => {
    const user = userEvent.setup();
    signIn(sessionUser('DRIVER_MANAGER'));
    openApp('/my-page/profile');
    expect(await screen.findByRole('heading', { name: '振込先' })).toBeInTheDocument();
    expect(await screen.findByText('振込先はまだ登録されていません。')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /支払条件/ })).toBeNull();

    await user.type(screen.getByLabelText(/^銀行名/), 'みずほ銀行');
    await user.type(screen.getByLabelText(/^支店名/), '東京営業部');
    await user.type(screen.getByLabelText(/^口座番号/), '123456');
    await user.type(screen.getByLabelText(/^口座名義/), 'やまだうんゆ');
    await user.click(screen.getByRole('button', { name: '振込先を保存する' }));
    expect(await screen.findByText(FIELD_MESSAGES.bankAccountNumber)).toBeInTheDocument();
    expect(screen.getByText(FIELD_MESSAGES.accountHolderKana)).toBeInTheDocument();
    expect(puts(BANK_PATH)).toEqual([]);

    await user.type(screen.getByLabelText(/^口座番号/), '7');
    await user.clear(screen.getByLabelText(/^口座名義/));
    await user.type(screen.getByLabelText(/^口座名義/), 'カ）ヤマダウンユ');
    await user.click(screen.getByRole('radio', { name: '当座' }));
    await user.click(screen.getByRole('button', { name: '振込先を保存する' }));
    await toastShown(SUCCESS_MESSAGES.bankAccountSaved);
    expect(puts(BANK_PATH).map((r) => r.body)).toEqual([
      {
        bankName: 'みずほ銀行',
        branchName: '東京営業部',
        accountType: 'CHECKING',
        accountNumber: '1234567',
        accountHolder: 'カ）ヤマダウンユ',
      },
    ]);
  });
});

describe('the payment terms form (shipper)', () => {
  it('shows the default, refuses 翌々月 with the 60-day reason under 支払日, then saves allowed terms', async () => {
    const user = userEvent.setup();
    signIn(sessionUser('CUSTOMER'));
    openApp('/my-page/profile');
    expect(await screen.findByTestId('payment-terms-current')).toHaveTextContent('月末締め翌月末払い（初期設定）');
    expect(screen.queryByRole('heading', { name: '振込先' })).toBeNull();

    await choose(user, '支払月', '翌々月');
    await user.click(screen.getByRole('button', { name: '支払条件を保存する' }));
    const payDay = screen.getByRole('combobox', { name: /^支払日/ });
    await waitFor(() => expect(payDay).toHaveAccessibleDescription(FIELD_MESSAGES.paymentDayTooLate));
    expect(puts(TERMS_PATH)).toEqual([]);

    await choose(user, '締め日', '20日');
    await choose(user, '支払月', '翌月');
    await choose(user, '支払日', '20日');
    await user.click(screen.getByRole('button', { name: '支払条件を保存する' }));
    await toastShown(SUCCESS_MESSAGES.paymentTermsSaved);
    expect(puts(TERMS_PATH).map((r) => r.body)).toEqual([{ closingDay: 20, payMonth: 1, payDay: 20 }]);
    await until(() => screen.getByTestId('payment-terms-current').textContent?.includes('20日締め翌月20日払い') ?? false);
  });
});

describe('the 登録番号 on the profile', () => {
  it('refuses a 法人’s number that fails the check digit, and only points it out for a name without a 法人', async () => {
    const user = userEvent.setup();
    signIn(sessionUser('CUSTOMER'));
    openApp('/my-page/profile');
    const number = await screen.findByLabelText(/^インボイス登録番号/);
    await user.clear(number);
    await user.type(number, 'T1234567890123');
    await user.tab();
    await waitFor(() =>
      expect(number).toHaveAccessibleDescription(expect.stringContaining(FIELD_MESSAGES.invoiceNumberCheckDigit)),
    );

    const name = screen.getByLabelText(/^会社名(?!（カナ）)/);
    await user.clear(name);
    await user.type(name, '山田商店');
    await user.click(number);
    await user.tab();
    await waitFor(() => expect(number).toHaveAccessibleDescription(FIELD_MESSAGES.invoiceNumberNotCorporate));
    expect(number).not.toHaveAttribute('aria-invalid', 'true');
  });
});
