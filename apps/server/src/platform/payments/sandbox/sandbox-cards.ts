/**
 * Stripe's documented test card numbers and what each does, so a person can try
 * every path on a bare machine (https://docs.stripe.com/testing). Pure.
 */
import type { CardErrorCode } from '../payment-provider';

export interface TestCardBehaviour {
  /** Refused when attached to a customer (Stripe checks the card then). */
  onAttach?: string;
  /** Refused on every charge (the card attaches). */
  onCharge?: string;
}

const BEHAVIOURS: Record<string, TestCardBehaviour> = {
  '4000000000000002': { onAttach: 'card_declined' },
  '4000000000009995': { onCharge: 'insufficient_funds' },
  '4000000000000341': { onCharge: 'card_declined' },
  '4000000000000069': { onAttach: 'expired_card' },
  '4000000000000127': { onAttach: 'incorrect_cvc' },
  '4000000000000119': { onCharge: 'processing_error' },
};

export const behaviourOf = (number: string): TestCardBehaviour => BEHAVIOURS[number] ?? {};

export function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^35/.test(number)) return 'jcb';
  if (/^3(0|6|8)/.test(number)) return 'diners';
  if (/^6/.test(number)) return 'discover';
  return 'unknown';
}

export function passesLuhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** What the card form refuses before any call to the provider (as Stripe Elements does). */
export function cardFormError(number: string, expMonth: number, expYear: number, now: Date): CardErrorCode | null {
  if (!passesLuhn(number)) return 'CARD_NUMBER_INVALID';
  const endOfExpiry = new Date(Date.UTC(expYear, expMonth, 1));
  if (endOfExpiry.getTime() <= now.getTime()) return 'CARD_EXPIRED';
  return null;
}
