/**
 * The demo customer's 住所録 (decision 106): two sites it ships from and to, saved as a shipper
 * would, so that the create form's stop picker has something to pick on a fresh start.
 */
import type { TPlaceBody } from '@logi/contract';
import { createPlacesService } from '../modules/places/places.service';
import type { Deps } from '../platform/deps';

export const DEMO_PLACES: TPlaceBody[] = [
  {
    name: '本社倉庫（江東区）',
    postalCode: '135-0063',
    prefecture: '東京都',
    city: '江東区',
    town: '有明',
    block: '3-1',
    contactName: '出荷担当 佐藤',
    phone: '0312345678',
    elevator: 'YES',
    hours: '平日 8:00〜17:00',
    note: '搬入口は裏手',
  },
  {
    name: '大阪物流センター',
    postalCode: '530-0001',
    prefecture: '大阪府',
    city: '大阪市北区',
    town: '梅田',
    block: '3-1',
    contactName: '入荷担当 田中',
    phone: '0661234567',
    elevator: 'NO',
    hours: '9:00〜18:00（土日休み）',
  },
];

export async function seedDemoPlaces(deps: Deps, customerId: string): Promise<void> {
  const auth = { userId: customerId, role: 'CUSTOMER' as const, familyId: 'demo-seed' };
  const places = createPlacesService(deps);
  for (const place of DEMO_PLACES) await places.create(auth, place);
}
