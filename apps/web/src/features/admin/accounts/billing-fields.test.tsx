/** The admin reads a company's 振込先 and payment terms on an account's basic tab (decision 097). */
import type { TBankAccountView, TPaymentTermsView } from '@logi/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client';
import { sessionUser } from '../../../test/session-user';
import { json, serveApi, signIn } from '../../../test/test-kit';
import { CompanyBankAccount, CompanyPaymentTerms } from './billing-fields';

const WITH = '0190a1b2-0000-7000-8000-0000000000e1';
const WITHOUT = '0190a1b2-0000-7000-8000-0000000000e2';
const account: TBankAccountView = {
  bankAccount: {
    bankName: 'サンプル銀行',
    branchName: '本店営業部',
    accountType: 'CHECKING',
    accountNumber: '0123456',
    accountHolder: 'カ）サンプルウンユ',
    updatedAt: '2026-11-20T09:00:00.000+09:00',
  },
};
const terms: TPaymentTermsView = {
  terms: { closingDay: 20, payMonth: 1, payDay: 20 },
  label: '20日締め翌月20日払い',
  isDefault: false,
};

serveApi(({ route }, res) => {
  if (route === `GET /api/v1/companies/${WITH}/bank-account`) return json(res, account);
  if (route === `GET /api/v1/companies/${WITHOUT}/bank-account`) return json(res, { bankAccount: null });
  if (route === `GET /api/v1/companies/${WITH}/payment-terms`) return json(res, terms);
  return false;
});

const show = (node: ReactNode) => render(<QueryClientProvider client={queryClient}>{node}</QueryClientProvider>);

describe('the billing profile in the back office', () => {
  it('shows a manager’s 振込先, or that it has none', async () => {
    signIn(sessionUser('ADMIN'));
    show(
      <>
        <CompanyBankAccount companyId={WITH} />
        <CompanyBankAccount companyId={WITHOUT} />
      </>,
    );
    for (const text of ['サンプル銀行', '本店営業部', '当座', '0123456', 'カ）サンプルウンユ']) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    expect(await screen.findByText('振込先はまだ登録されていません。')).toBeInTheDocument();
  });

  it('shows a customer’s payment terms', async () => {
    signIn(sessionUser('ADMIN'));
    show(<CompanyPaymentTerms companyId={WITH} />);
    expect(await screen.findByText('20日締め翌月20日払い')).toBeInTheDocument();
  });
});
