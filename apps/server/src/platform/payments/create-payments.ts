/** Picks the payment provider from the configuration (DESIGN §1: sandbox by default, Stripe when configured). */
import type { PaymentsConfig } from '../../config';
import type { Database } from '../db/database';
import type { PaymentProvider } from './payment-provider';
import { createSandboxProvider, type SandboxProvider } from './sandbox/sandbox-provider';
import { createStripeProvider } from './stripe-provider';

export interface Payments {
  provider: PaymentProvider;
  /** The sandbox's own controls (card form, billing clock); undefined with Stripe. */
  sandbox: SandboxProvider | undefined;
}

export function createPayments(config: PaymentsConfig, db: Database, log: { error(obj: object, msg: string): void }): Payments {
  if (config.provider === 'stripe') return { provider: createStripeProvider(config), sandbox: undefined };
  const sandbox = createSandboxProvider({
    db,
    webhookSecret: config.webhookSecret,
    planAmount: config.planAmount,
    coupons: config.coupons,
    log,
  });
  return { provider: sandbox.provider, sandbox };
}
