/**
 * The demo carrier's 振込先 (decision 097), entered by the demo manager as a manager would, so that
 * its invoices have bank details to print. A made-up bank: no real account. The demo customer keeps
 * the default payment terms (月末締め翌月末払い).
 */
import type { TBankAccountBody } from '@logi/contract';
import { findUserById } from '../modules/accounts/accounts.service';
import { createBillingProfileService } from '../modules/billing-profile/billing-profile.service';
import type { Deps } from '../platform/deps';

export const DEMO_BANK_ACCOUNT: TBankAccountBody = {
  bankName: 'サンプル銀行',
  branchName: '本店営業部',
  accountType: 'ORDINARY',
  accountNumber: '1234567',
  accountHolder: 'カ）サンプルウンユ',
};

export async function seedDemoBankAccount(deps: Deps, managerId: string): Promise<void> {
  const manager = await findUserById(deps.db, managerId);
  if (!manager?.companyId) throw new Error('the demo manager has no company');
  const auth = { userId: managerId, role: 'DRIVER_MANAGER' as const, familyId: 'demo-seed' };
  await createBillingProfileService(deps).saveBankAccount(auth, manager.companyId, DEMO_BANK_ACCOUNT);
}
