/**
 * The shipper's payment terms on its my-page profile (issue 46, decisions 090 and 097): 締め日,
 * 支払月 and 支払日, refused by the contract's rule when they can pay later than 60 days after the
 * service (the message shows under 支払日). The monthly statements read them.
 */
import {
  PAY_MONTHS,
  PAY_MONTH_LABELS,
  SUCCESS_MESSAGES,
  TERM_DAYS,
  ZPaymentTermsBody,
  billingProfileRoutes,
  type TPaymentTermsBody,
  type TPaymentTermsView,
  type TermDay,
} from '@logi/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { Form, FormSelect, applyFieldErrors, useZodForm, type FieldOption } from '../../components/form';
import { Button } from '../../components/ui/button';
import { PendingLine } from '../../components/ui/pending-line';
import { ApiError, api } from '../../lib/api';
import { toastError } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { PAYMENT_TERMS_TEXT as T } from '../../texts/billing-profile';

export const paymentTermsQuery = (companyId: string) =>
  queryOptions({
    queryKey: ['billing-profile', companyId, 'payment-terms'],
    queryFn: ({ signal }) => api.call(billingProfileRoutes.paymentTerms, { params: { companyId } }, { signal }),
  });

const dayOptions: FieldOption[] = TERM_DAYS.map((day) => ({
  value: String(day),
  label: day === 'END' ? T.monthEnd : `${day}日`,
}));
const monthOptions: FieldOption[] = PAY_MONTHS.map((month) => ({ value: String(month), label: PAY_MONTH_LABELS[month] }));
const parseDay = (option: string): TermDay => (option === 'END' ? 'END' : (Number(option) as TermDay));
const parseMonth = (option: string) => Number(option);

export function PaymentTermsSection({ companyId }: { companyId: string }) {
  const saved = useQuery(paymentTermsQuery(companyId));
  return (
    <section aria-labelledby="payment-terms-heading" className="flex flex-col gap-3 border-t pt-6">
      <h2 id="payment-terms-heading" className="text-base font-semibold">
        {T.title}
      </h2>
      <p className="text-sm text-muted-foreground">{T.description}</p>
      {saved.data ? <PaymentTermsForm companyId={companyId} saved={saved.data} /> : <PendingLine>{T.title}</PendingLine>}
    </section>
  );
}

function PaymentTermsForm({ companyId, saved }: { companyId: string; saved: TPaymentTermsView }) {
  const queryClient = useQueryClient();
  const form = useZodForm(ZPaymentTermsBody, { defaultValues: saved.terms });
  async function submit(body: TPaymentTermsBody) {
    try {
      const updated = await api.call(billingProfileRoutes.savePaymentTerms, { params: { companyId }, body });
      queryClient.setQueryData(paymentTermsQuery(companyId).queryKey, updated);
      form.reset(updated.terms);
      toast.success(SUCCESS_MESSAGES.paymentTermsSaved);
    } catch (error) {
      if (!(error instanceof ApiError && applyFieldErrors(form as never, error.details))) toastError(error);
    }
  }
  return (
    <>
      <p className="text-sm" data-testid="payment-terms-current">
        <span className="text-muted-foreground">{T.current}：</span>
        {saved.label}
        {saved.isDefault && T.isDefault}
      </p>
      <Form form={form} onSubmit={submit} aria-label={T.title}>
        <FormSelect name="closingDay" label={T.closingDay} required options={dayOptions} parseValue={parseDay} span={4} />
        <FormSelect name="payMonth" label={T.payMonth} required options={monthOptions} parseValue={parseMonth} span={4} />
        <FormSelect name="payDay" label={T.payDay} required options={dayOptions} parseValue={parseDay} span={4} />
        <Button type="submit" size="lg" className="col-span-12" loading={form.formState.isSubmitting}>
          {T.submit}
        </Button>
      </Form>
    </>
  );
}
