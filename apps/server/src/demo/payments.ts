/** The demo driver manager's subscription: paid on the sandbox with Stripe's 4242 test card, as a person would. */
import type { Deps } from '../platform/deps';
import { createPaymentsService } from '../modules/payments/payments.service';

export const DEMO_TEST_CARD = '4242 4242 4242 4242';

export async function subscribeDemoManager(deps: Deps, userId: string): Promise<void> {
  const { sandbox } = deps.payments;
  if (!sandbox) return;
  const token = await sandbox.tokenizeCard({
    number: DEMO_TEST_CARD.replace(/ /g, ''),
    expMonth: 12,
    expYear: new Date().getFullYear() + 3,
    cvc: '123',
  });
  await createPaymentsService(deps).subscribe({ userId, role: 'DRIVER_MANAGER', familyId: 'demo-seed' }, { token });
  // The sandbox's webhooks (invoice paid, subscription active) reach the app through the app
  // itself, which refuses them once it closes: `npm run db:seed` closes it right after this.
  await sandbox.flush();
}

/** The line printed on start: how to pay in the sandbox. */
export function sandboxBanner(deps: Deps): string | undefined {
  const payments = deps.config.payments;
  if (payments.provider !== 'sandbox') return undefined;
  const coupons = payments.coupons.map((c) => c.code).join(', ') || '—';
  return `Sandbox card payments: test card ${DEMO_TEST_CARD} (declined: 4000 0000 0000 0002), coupon ${coupons}\n`;
}
