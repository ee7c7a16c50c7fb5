/** Stripe Elements (spec §9: currency jpy, locale ja): the card becomes a PaymentMethod at Stripe, never touching our server. */
import { PAYMENT_TEXT } from '@logi/contract';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button';
import { Notice } from '../../components/ui/page-panel';
import { type CardFormProps, usePaymentAttempt } from './payment-attempt';

const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key, { locale: 'ja' }));
  return stripes.get(key)!;
};

export default function StripeCardForm(props: CardFormProps) {
  const stripe = useMemo(() => stripeFor(props.setup.publishableKey ?? ''), [props.setup.publishableKey]);
  return (
    <Elements stripe={stripe} options={{ locale: 'ja', currency: props.setup.currency }}>
      <ElementsForm {...props} />
    </Elements>
  );
}

function ElementsForm({ submitLabel, pay }: CardFormProps) {
  const stripe = useStripe();
  const elements = useElements();
  const [busy, setBusy] = useState(false);
  const { error, attempt } = usePaymentAttempt(pay);
  async function submit(event: FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setBusy(true);
    await attempt(async () => {
      const result = await stripe.createPaymentMethod({ type: 'card', card });
      if (result.error) throw new Error(result.error.message);
      return result.paymentMethod.id;
    });
    setBusy(false);
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" aria-label={PAYMENT_TEXT.card.heading}>
      <div className="rounded-md border border-input bg-card px-3 py-3">
        <CardElement options={{ hidePostalCode: true }} />
      </div>
      {error && <Notice tone="error">{error}</Notice>}
      <Button type="submit" size="lg" loading={busy} disabled={!stripe}>
        {submitLabel}
      </Button>
    </form>
  );
}
