/** Calls the client never makes: the card provider posts its signed events (raw body, `Stripe-Signature`). */
import { z } from 'zod';
import { def } from './route-def';
import { STRIPE_WEBHOOK_PATH } from './payments';

export const webhookRoutes = {
  stripe: def({
    method: 'POST',
    path: STRIPE_WEBHOOK_PATH,
    summary: 'カード決済事業者（Stripe）からのイベント通知（署名つき）',
    access: 'public',
    response: z.object({ received: z.boolean() }),
    errors: ['WEBHOOK_SIGNATURE_INVALID', 'WEBHOOK_EVENT_INVALID', 'PAYMENT_PROVIDER_UNAVAILABLE'],
  }),
} as const;
