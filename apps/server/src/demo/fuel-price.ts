/**
 * The demo's diesel price (decision 092), set by the demo admin as an admin would: the national
 * average retail price of 軽油 on 2025-07-14, 153.4 yen/L (税込 店頭現金価格), from 資源エネルギー庁's
 * weekly 石油製品価格調査 as reported by 物流ニッポン/トラックニュース
 * (https://www.trucknews.biz/article/r071633). A demo value only: an operator sets the current one.
 */
import { createStandardFaresService } from '../modules/standard-fares/standard-fares.service';
import type { Deps } from '../platform/deps';

export const DEMO_FUEL_PRICE = { effectiveFrom: '2025-07-14', yenPerLitre: 153.4 } as const;

export async function seedDemoFuelPrice(deps: Deps, adminId: string): Promise<void> {
  await createStandardFaresService(deps).setFuelPrice({ userId: adminId, role: 'ADMIN', familyId: 'demo-seed' }, DEMO_FUEL_PRICE);
}
