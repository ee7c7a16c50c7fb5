/**
 * The demo carrier company verified (decision 104), through the services as its manager and the
 * admin would: the manager submits its permit, its cargo insurance (a year ahead) and its 登録番号;
 * the admin confirms. The certificate is a file row marked uploaded as storage would mark it: the
 * demo ships no image bytes, so the certificate's link finds nothing to download.
 */
import { addDays, japanDay } from '@logi/contract';
import { findUserById } from '../modules/accounts/accounts.service';
import { createCarrierVerificationService } from '../modules/carrier-verification/carrier-verification.service';
import { createFilesService, objectKey } from '../modules/files/files.service';
import type { Deps } from '../platform/deps';

const CERTIFICATE = { fileName: '貨物保険証券.png', fileType: 'image/png' };

export async function seedDemoVerification(deps: Deps, managerId: string, adminId: string): Promise<void> {
  const manager = await findUserById(deps.db, managerId);
  if (!manager?.companyId) throw new Error('the demo manager has no company');
  const auth = { userId: managerId, role: 'DRIVER_MANAGER' as const, familyId: 'demo-seed' };
  const files = createFilesService(deps);
  const [signed] = await files.signUploads(auth, { files: [CERTIFICATE], filePath: 'carrier-verification' });
  await files.recordUpload(objectKey(managerId, signed!.fileId, CERTIFICATE.fileName), 68);
  const verification = createCarrierVerificationService(deps);
  await verification.submit(auth, manager.companyId, {
    permitKind: 'GENERAL_FREIGHT',
    permitNumber: '関自貨第1234号',
    insurer: 'サンプル損害保険株式会社',
    coverageYen: 10_000_000,
    insuranceExpiresOn: addDays(japanDay(new Date()), 365),
    certificateFileId: signed!.fileId,
    invoiceRegistrationNumber: 'T2876543210987',
  });
  await verification.review({ userId: adminId, role: 'ADMIN', familyId: 'demo-seed' }, manager.companyId, {
    outcome: 'VERIFIED',
  });
}
