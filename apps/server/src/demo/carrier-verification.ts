/**
 * The demo's carrier companies and their verification (decision 104), through the services as their
 * managers and the admin would. 株式会社サンプル運輸 submits its permit, its cargo insurance (a year
 * ahead) and its 登録番号, and the admin confirms: its bids carry the badge. 株式会社ミナト急便 has
 * submitted its documents and waits in the admin's queue (申請中): its bids carry none. Each
 * certificate is a small PNG made here and uploaded as the form uploads it, so its link opens it.
 */
import { addDays, japanDay } from '@logi/contract';
import { findUserById } from '../modules/accounts/accounts.service';
import { createCarrierVerificationService } from '../modules/carrier-verification/carrier-verification.service';
import type { Deps } from '../platform/deps';
import type { AuthContext } from '../platform/http/auth-context';
import { plainPng, uploadDemoFiles } from './uploads';

/** The insurance certificate's image: a plain "paper" the size of a scan's thumbnail. */
const certificate = (fileName: string) => ({
  fileName,
  fileType: 'image/png',
  content: plainPng([250, 247, 235], 320, 220),
});

async function submit(
  deps: Deps,
  managerId: string,
  documents: { permitNumber: string; insurer: string; invoiceRegistrationNumber: string },
) {
  const manager = await findUserById(deps.db, managerId);
  if (!manager?.companyId) throw new Error('a demo manager has no company');
  const auth: AuthContext = { userId: managerId, role: 'DRIVER_MANAGER', familyId: 'demo-seed' };
  const [certificateFileId] = await uploadDemoFiles(deps, auth, 'carrier-verification', [certificate('貨物保険証券.png')]);
  await createCarrierVerificationService(deps).submit(auth, manager.companyId, {
    permitKind: 'GENERAL_FREIGHT',
    coverageYen: 10_000_000,
    insuranceExpiresOn: addDays(japanDay(new Date()), 365),
    certificateFileId: certificateFileId!,
    ...documents,
  });
  return manager.companyId;
}

export async function seedDemoVerification(deps: Deps, managerId: string, adminId: string, manager2Id: string): Promise<void> {
  const companyId = await submit(deps, managerId, {
    permitNumber: '関自貨第1234号',
    insurer: 'サンプル損害保険株式会社',
    invoiceRegistrationNumber: 'T2876543210987',
  });
  await createCarrierVerificationService(deps).review({ userId: adminId, role: 'ADMIN', familyId: 'demo-seed' }, companyId, {
    outcome: 'VERIFIED',
  });
  // Submitted, not yet answered: the admin's queue has one to review, the shipper sees no badge.
  await submit(deps, manager2Id, {
    permitNumber: '関自貨第2345号',
    insurer: 'みなと海上火災保険株式会社',
    invoiceRegistrationNumber: DEMO_MANAGER2_INVOICE_NUMBER,
  });
}

/** 株式会社ミナト急便's 登録番号 (a 法人番号 whose check digit holds). */
export const DEMO_MANAGER2_INVOICE_NUMBER = 'T1345678901234';
