/**
 * The carrier's 振込先 on its my-page profile (issue 46, decision 097): read and saved through the
 * billing profile routes, validated by the contract's schema. Only its own company's manager sees it.
 */
import {
  BankAccountType,
  SUCCESS_MESSAGES,
  ZBankAccountBody,
  billingProfileRoutes,
  type TBankAccountBody,
  type TBankAccountView,
} from '@logi/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, FormInput, FormRadio, applyFieldErrors, enumOptions, useZodForm } from '../../components/form';
import { Button } from '../../components/ui/button';
import { PendingLine } from '../../components/ui/pending-line';
import { ApiError, api } from '../../lib/api';
import { toastError } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { BANK_ACCOUNT_TEXT as T } from '../../texts/billing-profile';

export const bankAccountQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['billing-profile', companyId, 'bank-account'],
    queryFn: ({ signal }) => api.call(billingProfileRoutes.bankAccount, { params: { companyId } }, { signal }),
  });

export function BankAccountSection({ companyId }: { companyId: string }) {
  const saved = useQuery(bankAccountQuery(companyId));
  return (
    <section aria-labelledby="bank-account-heading" className="flex flex-col gap-3 border-t pt-6">
      <h2 id="bank-account-heading" className="text-base font-semibold">
        {T.title}
      </h2>
      <p className="text-sm text-muted-foreground">{T.description}</p>
      {saved.data ? <BankAccountForm companyId={companyId} saved={saved.data} /> : <PendingLine>{T.title}</PendingLine>}
    </section>
  );
}

function BankAccountForm({ companyId, saved }: { companyId: string; saved: TBankAccountView }) {
  const queryClient = useQueryClient();
  const account = saved.bankAccount;
  const form = useZodForm(ZBankAccountBody, {
    defaultValues: {
      bankName: account?.bankName ?? '',
      branchName: account?.branchName ?? '',
      accountType: account?.accountType ?? 'ORDINARY',
      accountNumber: account?.accountNumber ?? '',
      accountHolder: account?.accountHolder ?? '',
    },
  });
  async function submit(body: TBankAccountBody) {
    try {
      const bankAccount = await api.call(billingProfileRoutes.saveBankAccount, { params: { companyId }, body });
      queryClient.setQueryData(bankAccountQuery(companyId).queryKey, { bankAccount });
      form.reset(form.getValues());
      toast.success(SUCCESS_MESSAGES.bankAccountSaved);
    } catch (error) {
      if (!(error instanceof ApiError && applyFieldErrors(form as never, error.details))) toastError(error);
    }
  }
  return (
    <Form form={form} onSubmit={submit} aria-label={T.title}>
      {!account && <p className="col-span-12 text-sm">{T.notEntered}</p>}
      <FormInput name="bankName" label={T.bankName} required span={6} />
      <FormInput name="branchName" label={T.branchName} required span={6} />
      <FormRadio name="accountType" label={T.accountType} required options={enumOptions(BankAccountType)} span={6} />
      <FormInput
        name="accountNumber"
        label={T.accountNumber}
        description={T.accountNumberHint}
        required
        inputMode="numeric"
        maxLength={7}
        span={6}
      />
      <FormInput name="accountHolder" label={T.accountHolder} description={T.accountHolderHint} required span={12} />
      <Button type="submit" size="lg" className="col-span-12" loading={form.formState.isSubmitting}>
        {T.submit}
      </Button>
    </Form>
  );
}
