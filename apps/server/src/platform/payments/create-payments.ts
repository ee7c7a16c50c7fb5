/** Picks the payment provider from the configuration (DESIGN §1: sandbox by default, Stripe when configured). */
import type { PaymentsConfig } from '../../config';
import type { Database } from '../db/database';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider';

export interface Payments {
  provider: PaymentProvider;
  /** The sandbox's own controls (card form, billing clock); undefined with Stripe. */
  sandbox: SandboxProvider | undefined;
}

export async function createPayments(
  config: PaymentsConfig,
  db: Database,
  log: { error(obj: object, msg: string): void },
): Promise<Payments> {
  // The Stripe SDK loads only when Stripe is configured (decision 060: what a start does not need, it does not load).
  if (config.provider === 'stripe') {
    const { createStripeProvider } = await import('./stripe-provider');
    return { provider: createStripeProvider(config), sandbox: undefined };
  }
  const sandbox = createSandboxProvider({
    db,
    webhookSecret: config.webhookSecret,
    planAmount: config.planAmount,
    coupons: config.coupons,
    log,
  });
  return { provider: sandbox.provider, sandbox };
}
