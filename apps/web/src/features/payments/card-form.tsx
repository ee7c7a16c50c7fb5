/**
 * The card entry of every payment screen: Stripe Elements when the server uses Stripe
 * (loaded only then), otherwise the sandbox's own form, which tokenizes the card on the
 * server as Elements would at Stripe. Either way `pay` receives a card token; a refusal
 * (tokenizing or charging) shows its Japanese reason above the button.
 */
import { PAYMENT_TEXT, ZSandboxCardBody, paymentRoutes, type TSandboxCardBody } from '@logi/contract';
import { lazy, Suspense } from 'react';
import { Form, FormInput, useZodForm } from '../../components/form';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/page-panel';
import { PendingLine } from '../../components/ui/pending-line';
import { api } from '../../lib/api';
import { type CardFormProps, usePaymentAttempt } from './payment-attempt';

const StripeCardForm = lazy(() => import('./stripe-card-form'));

export function CardForm(props: CardFormProps) {
  if (props.setup.provider === 'stripe') {
    return (
      <Suspense fallback={<PendingLine>{PAYMENT_TEXT.card.stripeLoading}</PendingLine>}>
        <StripeCardForm {...props} />
      </Suspense>
    );
  }
  return <SandboxCardForm {...props} />;
}

function SandboxCardForm({ submitLabel, pay }: CardFormProps) {
  const t = PAYMENT_TEXT.card;
  const form = useZodForm(ZSandboxCardBody, {
    defaultValues: { number: '', expMonth: '' as unknown as number, expYear: '' as unknown as number, cvc: '' },
  });
  const { error, attempt } = usePaymentAttempt(pay);
  const submit = (body: TSandboxCardBody) => attempt(async () => (await api.call(paymentRoutes.sandboxCard, { body })).id);
  return (
    <Form form={form} onSubmit={submit} aria-label={t.heading}>
      <p className="col-span-12 text-xs text-muted-foreground">{t.sandboxNote}</p>
      <FormInput
        name="number"
        label={t.number}
        required
        span={12}
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="4242 4242 4242 4242"
      />
      <FormInput
        name="expMonth"
        label={t.expMonth}
        required
        span={4}
        inputMode="numeric"
        autoComplete="cc-exp-month"
        placeholder="12"
      />
      <FormInput
        name="expYear"
        label={t.expYear}
        required
        span={4}
        inputMode="numeric"
        autoComplete="cc-exp-year"
        placeholder="2030"
      />
      <FormInput name="cvc" label={t.cvc} required span={4} inputMode="numeric" autoComplete="cc-csc" placeholder="123" />
      {error && (
        <div className="col-span-12">
          <Notice tone="error">{error}</Notice>
        </div>
      )}
      <Button type="submit" size="lg" className="col-span-12" loading={form.formState.isSubmitting}>
        {submitLabel}
      </Button>
    </Form>
  );
}
