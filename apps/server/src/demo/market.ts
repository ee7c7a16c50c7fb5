/**
 * The demo marketplace (docs/decisions/006-demo-data.md): a few open requests by the
 * demo customer and applications by driver1, so that `npm start` shows a living market.
 * Everything goes through the request-items and candidates services, so the stops,
 * search terms, candidates, talkrooms and notifications are exactly what real calls
 * leave behind. driver2 is deliberately left without applications or notifications.
 */
import {
  type TCreateDeliveryBody,
  type TCreateWarehouseBody,
  type TTransportStopInput,
  ZCreateDeliveryBody,
  ZCreateWarehouseBody,
} from '@logi/contract';
import { createCandidatesService } from '../modules/candidates/candidates.service';
import { createRequestItemsService } from '../modules/request-items/request-items.service';
import type { Deps } from '../platform/deps';

const DAY_MS = 24 * 60 * 60 * 1000;
const JST_MS = 9 * 60 * 60 * 1000;

/** `days` from `now` at `hour`:00 in Japan, with its +09:00 offset (pickup dates follow the calendar). */
export function japanTime(now: Date, days: number, hour: number): string {
  const date = new Date(now.getTime() + days * DAY_MS + JST_MS).toISOString().slice(0, 10);
  return `${date}T${String(hour).padStart(2, '0')}:00:00+09:00`;
}

type Stop = Omit<TTransportStopInput, 'timeFrom' | 'timeTo'> & { day: number; from: number; to: number };

const stops = (now: Date, list: Stop[]): TTransportStopInput[] =>
  list.map(({ day, from, to, ...s }) => ({ ...s, timeFrom: japanTime(now, day, from), timeTo: japanTime(now, day, to) }));

/** The demo requests, dated from `now`. Keys name them for the applications below. */
export function demoDeliveries(now: Date) {
  const frozenToOsaka: TCreateDeliveryBody = {
    vehicleType: 'COOL_TRUCK',
    vehicleTemperatureRange: 'FROZEN',
    baggageName: '冷凍食品（水産加工品）',
    material: '発泡スチロール箱',
    weight: 15,
    totalAmount: 120,
    totalWeight: 1800,
    size: '100サイズ',
    price: 88000,
    message: '荷台は-18℃以下で予冷をお願いします。清水で一部積み増しがあります。',
    transports: stops(now, [
      {
        transportType: 'PICKUP',
        postalCode: '143-0006',
        prefecture: '東京都',
        city: '大田区',
        town: '平和島',
        block: '3-5-1',
        building: '平和島冷蔵センター',
        name: '出荷担当 山本',
        phone: '0337610101',
        elevator: 'NOT_NEEDED',
        day: 2,
        from: 7,
        to: 9,
      },
      {
        transportType: 'TRANSIT',
        postalCode: '424-0942',
        prefecture: '静岡県',
        city: '静岡市清水区',
        town: '入船町',
        block: '11-1',
        name: '清水営業所 小林',
        phone: '0543520202',
        elevator: 'NOT_NEEDED',
        day: 2,
        from: 12,
        to: 13,
      },
      {
        transportType: 'DELIVERY',
        postalCode: '559-0034',
        prefecture: '大阪府',
        city: '大阪市住之江区',
        town: '南港北',
        block: '1-6-30',
        building: '南港物流センター',
        name: '入荷担当 中村',
        phone: '0666120303',
        elevator: 'NOT_NEEDED',
        day: 3,
        from: 8,
        to: 11,
      },
    ]),
  };
  const officeMove: TCreateDeliveryBody = {
    vehicleType: 'TWO_T_TRUCK',
    vehicleTemperatureRange: 'ROOM',
    baggageName: 'オフィス什器（デスク・キャビネット）',
    material: '木製・スチール',
    totalAmount: 24,
    totalWeight: 650,
    message: '丸の内のビルは搬出入口の予約制です。養生資材のご用意をお願いします。',
    transports: stops(now, [
      {
        transportType: 'PICKUP',
        postalCode: '100-0005',
        prefecture: '東京都',
        city: '千代田区',
        town: '丸の内',
        block: '1-9-1',
        building: 'サンプル丸の内ビル 12階',
        name: '総務部 鈴木',
        phone: '0362810001',
        elevator: 'YES',
        day: 1,
        from: 9,
        to: 11,
      },
      {
        transportType: 'DELIVERY',
        postalCode: '220-0012',
        prefecture: '神奈川県',
        city: '横浜市西区',
        town: 'みなとみらい',
        block: '3-6-1',
        building: 'みなとみらいセンタービル 8階',
        name: '横浜支店 井上',
        phone: '0452230404',
        elevator: 'YES',
        day: 1,
        from: 14,
        to: 17,
      },
    ]),
  };
  const precisionParts: TCreateDeliveryBody = {
    vehicleType: 'LIGHT_TRUCK',
    vehicleTemperatureRange: 'ROOM',
    baggageName: '精密機器部品',
    material: '段ボール',
    weight: 8.5,
    totalAmount: 10,
    totalWeight: 85,
    size: '80サイズ',
    price: 16500,
    message: '精密機器のため、横積み厳禁・丁寧な取り扱いをお願いします。',
    transports: stops(now, [
      {
        transportType: 'PICKUP',
        postalCode: '150-0002',
        prefecture: '東京都',
        city: '渋谷区',
        town: '渋谷',
        block: '2-21-1',
        name: '開発部 佐々木',
        phone: '0354660505',
        elevator: 'YES',
        day: 4,
        from: 10,
        to: 12,
      },
      {
        transportType: 'DELIVERY',
        postalCode: '210-0007',
        prefecture: '神奈川県',
        city: '川崎市川崎区',
        town: '駅前本町',
        block: '11-2',
        building: '川崎テクノビル 3階',
        name: '品質管理課 木村',
        phone: '0442000606',
        elevator: 'YES',
        day: 4,
        from: 14,
        to: 16,
      },
    ]),
  };
  const steelToChiba: TCreateDeliveryBody = {
    vehicleType: 'TEN_T_TRUCK',
    vehicleTemperatureRange: 'ROOM',
    baggageName: '建築用鋼材（H形鋼）',
    material: '鋼材',
    totalWeight: 8500,
    size: '長さ6m',
    message: 'ユニック車（クレーン付き）だと助かります。現場での荷下ろしはこちらで手配済みです。',
    transports: stops(now, [
      {
        transportType: 'PICKUP',
        postalCode: '332-0034',
        prefecture: '埼玉県',
        city: '川口市',
        town: '並木',
        block: '2-4-8',
        name: '川口資材置場 渡辺',
        phone: '0482500707',
        elevator: 'NOT_NEEDED',
        day: 5,
        from: 8,
        to: 10,
      },
      {
        transportType: 'DELIVERY',
        postalCode: '261-0023',
        prefecture: '千葉県',
        city: '千葉市美浜区',
        town: '中瀬',
        block: '2-6-1',
        name: '建設現場 加藤',
        phone: '0432960808',
        elevator: 'NOT_NEEDED',
        day: 5,
        from: 13,
        to: 16,
      },
    ]),
  };
  return { frozenToOsaka, officeMove, precisionParts, steelToChiba };
}

export const demoWarehouse: TCreateWarehouseBody = {
  postalCode: '136-0082',
  prefecture: '東京都',
  city: '江東区',
  town: '新木場',
  block: '1-18-6',
  building: '新木場ロジスティクスセンター',
  price: 6500,
  roomTemperatureRange: 'REFRIGERATED',
  acreage: 150,
  requestAmount: 60,
  vehicleTypes: ['TEN_T_TRUCK', 'COOL_TRUCK'],
  message: '年末の繁忙期（12月〜1月）の一時保管です。入出庫は平日9時〜17時を希望します。',
};

/** driver1's bid on the estimation request (a 2t office move) and its application at the listed price. */
export const DEMO_BID_YEN = 42000;
/** driver3's bid on the same request, for 株式会社ミナト急便 (not verified): cheaper, without the badge. */
export const DEMO_UNVERIFIED_BID_YEN = 39500;

export interface DemoMarketUsers {
  customerId: string;
  driver1Id: string;
  driver3Id: string;
}

/**
 * Posts the demo requests as the customer and driver1's two applications, each call
 * in its own transaction as over HTTP. The bodies go through the contract's schemas
 * first, as a real call's would.
 */
export async function seedDemoMarket(deps: Deps, users: DemoMarketUsers, now = new Date()): Promise<void> {
  const items = createRequestItemsService(deps);
  const candidates = createCandidatesService(deps);
  const customer = { userId: users.customerId, role: 'CUSTOMER' as const };
  const driver1 = { userId: users.driver1Id, role: 'DRIVER' as const, familyId: 'demo-seed' };
  const bodies = demoDeliveries(now);
  // Oldest first, so the market's newest-first order shows the warehouse and the frozen trunk on top.
  await items.createDelivery(customer, ZCreateDeliveryBody.parse(bodies.steelToChiba));
  const office = await items.createDelivery(customer, ZCreateDeliveryBody.parse(bodies.officeMove));
  const parts = await items.createDelivery(customer, ZCreateDeliveryBody.parse(bodies.precisionParts));
  await items.createDelivery(customer, ZCreateDeliveryBody.parse(bodies.frozenToOsaka));
  await items.createWarehouse(customer, ZCreateWarehouseBody.parse(demoWarehouse));
  await candidates.requestPrice(driver1, { requestItemId: office.id, price: DEMO_BID_YEN });
  await candidates.applyFixedPrice(driver1, { requestItemId: parts.id });
  const driver3 = { userId: users.driver3Id, role: 'DRIVER' as const, familyId: 'demo-seed' };
  await candidates.requestPrice(driver3, { requestItemId: office.id, price: DEMO_UNVERIFIED_BID_YEN });
}
