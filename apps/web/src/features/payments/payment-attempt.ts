/**
 * What both card forms (the sandbox's in card-form.tsx, Stripe Elements in stripe-card-form.tsx)
 * take and how they run a payment: their own module, so that the lazily loaded Stripe form does
 * not import the module that loads it.
 */
import type { TPaymentSetup } from '@logi/contract';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';

export interface CardFormProps {
  setup: TPaymentSetup;
  submitLabel: string;
  /** Settles the payment with the card token; throws the server's refusal. */
  pay: (token: string) => Promise<void>;
}

/** Runs a payment attempt and keeps its refusal for the Notice. */
export function usePaymentAttempt(pay: (token: string) => Promise<void>) {
  const [error, setError] = useState<string | null>(null);
  return {
    error,
    async attempt(getToken: () => Promise<string>) {
      setError(null);
      try {
        await pay(await getToken());
      } catch (e) {
        setError(errorMessage(e));
      }
    },
  };
}
