/** A session user as GET /auth/session answers it (the contract's shape), for tests. */
import type { TRole, TSessionUser } from '@logi/contract';

const at = '2026-11-01T09:00:00.000Z';

export function sessionUser(role: Exclude<TRole, 'GUEST'> = 'CUSTOMER', overrides: Partial<TSessionUser> = {}): TSessionUser {
  return {
    id: '0190a1b2-0000-7000-8000-0000000000aa',
    email: 'hanako@example.jp',
    name: '山田 花子',
    firstName: '花子',
    lastName: '山田',
    firstNameKana: 'ハナコ',
    lastNameKana: 'ヤマダ',
    companyId: '0190a1b2-0000-7000-8000-0000000000cc',
    parentId: null,
    intentCode: null,
    hasSubscribed: false,
    phone: '0312345678',
    note: null,
    status: 'ACTIVE',
    activeRole: role,
    roles: [{ role, description: role, emailVerified: true, createdAt: at, updatedAt: at, deletedAt: null }],
    company: {
      id: '0190a1b2-0000-7000-8000-0000000000cc',
      name: '株式会社山田運輸東京本社営業所',
      nameKana: 'カブシキガイシャヤマダウンユ',
      website: 'https://example.jp',
      invoiceRegistrationNo: 'T9234567890123',
      generalFreightLicenseNumber: null,
      lightFreightLicenseNumber: null,
      location: {
        id: '0190a1b2-0000-7000-8000-0000000000dd',
        postalCode: '1000001',
        prefecture: '東京都',
        city: '千代田区',
        town: '千代田',
        block: '1-1',
        building: '千代田ビルディング 12階',
        createdAt: at,
        updatedAt: at,
      },
    },
    ...overrides,
  };
}
