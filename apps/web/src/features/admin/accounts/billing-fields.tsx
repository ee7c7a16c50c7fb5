/** A company's billing profile as the admin reads it (decision 097): the carrier's 振込先, the shipper's payment terms. */
import { BankAccountType } from '@logi/contract';
import { useQuery } from '@tanstack/react-query';
import { BANK_ACCOUNT_TEXT as B, PAYMENT_TERMS_TEXT as P } from '../../../texts/billing-profile';
import { Fields } from '../parts';
import { companyBankAccountQuery, companyPaymentTermsQuery } from '../queries';

export function CompanyBankAccount({ companyId }: { companyId: string }) {
  const { data } = useQuery(companyBankAccountQuery(companyId));
  if (!data) return null;
  const account = data.bankAccount;
  return (
    <section aria-label={B.title} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{B.title}</h3>
      {account ? (
        <Fields
          items={[
            [B.bankName, account.bankName],
            [B.branchName, account.branchName],
            [B.accountType, BankAccountType.labels[account.accountType]],
            [B.accountNumber, account.accountNumber],
            [B.accountHolder, account.accountHolder],
          ]}
        />
      ) : (
        <p className="text-sm text-muted-foreground">{B.notEntered}</p>
      )}
    </section>
  );
}

export function CompanyPaymentTerms({ companyId }: { companyId: string }) {
  const { data } = useQuery(companyPaymentTermsQuery(companyId));
  if (!data) return null;
  return <Fields items={[[P.current, `${data.label}${data.isDefault ? P.isDefault : ''}`]]} />;
}
