/**
 * Words of the standard-fare meter (標準的運賃, issue 45, decision 091): the breakdown's lines,
 * the reasons a job has no standard fare, and every assumption the engine makes, so that a
 * shipper and a carrier can see what the figure rests on.
 */
import { groupDigits } from '../numbers';

const km = (value: number) => `${groupDigits(value, 1)}km`;
const yen = (value: number) => `${groupDigits(value, 1)}円`;
const percent = (share: number) => `${groupDigits(share * 100, 0)}%`;

export const STANDARD_FARE_TEXT = {
  title: '標準的運賃の目安',
  estimated: '推定',
  groups: {
    fare: '運賃',
    surcharges: '割増',
    charges: '料金',
    fuelSurcharge: '燃料サーチャージ',
    subtotal: '合計（税抜）',
    consumptionTax: '消費税',
    total: '合計（税込）',
  },
  lines: {
    FARE: '基本運賃（距離制）',
    HOLIDAY: '休日割増',
    NIGHT: '深夜・早朝割増',
    REFRIGERATED: '冷蔵車・冷凍車割増',
    WAITING: '待機時間料',
    HANDLING: '積込料・取卸料',
    SUBCONTRACTING: '利用運送手数料',
    FUEL: '燃料サーチャージ',
  },
  details: {
    fare: (region: string, vehicleClass: string, fareKm: number) => `${region}運輸局・${vehicleClass}・${km(fareKm)}`,
    surcharge: (rate: number, share: number) => `基本運賃の${percent(rate)}×走行の${percent(share)}`,
    special: (rate: number) => `基本運賃の${percent(rate)}`,
    perUnit: (units: number, unitYen: number, over2h: boolean) =>
      `30分×${units}回×${yen(unitYen)}${over2h ? '（2時間超の単価）' : ''}`,
    subcontracting: (rate: number) => `運賃（基本運賃＋割増）の${percent(rate)}`,
    fuel: (distanceKm: number, kmPerL: number, upliftYenPerL: number) =>
      `${km(distanceKm)}÷${groupDigits(kmPerL, 1)}km/L×${yen(upliftYenPerL)}/L`,
  },
  notCovered: {
    LIGHT_VEHICLE: '軽車両は標準的運賃の対象外です（告示の運賃表は小型車〜トレーラーのみ）。',
    TOO_HEAVY: '総重量が運賃表の最も大きい車格（トレーラー20tクラス）の積載量を超えるため、標準的運賃を計算できません。',
    NO_TABLE: (day: string) => `${day}に適用される標準的運賃の表がありません。`,
    UNKNOWN_PREFECTURE: (prefecture: string) => `「${prefecture}」を管轄する運輸局が分からないため、標準的運賃を計算できません。`,
    DISTANCE_BEYOND_TABLE: (region: string, fareKm: number) =>
      `${region}運輸局の運賃表は${km(fareKm)}の距離を定めていないため、標準的運賃を計算できません。`,
  },
  assumptions: {
    TABLE_VERSION: (instrument: string, effectiveFrom: string) => `${instrument}の運賃表（${effectiveFrom}から適用）によります。`,
    DISTANCE_FARE_ONLY: '距離制運賃で計算しています（時間制運賃は使っていません）。',
    TAX_AND_TOLLS: '運賃表の金額は税抜です。高速道路料金は含みません（実費）。',
    REGION_FROM_PICKUP: (prefecture: string, region: string) =>
      `集荷地（${prefecture}）を管轄する${region}運輸局の運賃表を使っています（運送会社の届出運輸局が分かればその表を使います）。`,
    REGION_FROM_CARRIER: (region: string) => `運送会社の届出先の${region}運輸局の運賃表を使っています。`,
    REGION_UNVERIFIED: (region: string) =>
      `${region}運輸局の距離制運賃表は、一つの出典（全日本トラック協会の計算サイト）でのみ確認した値です。`,
    ADDITION_UNVERIFIED: (region: string) => `${region}の200km超の加算額は告示の文言で確認できていない値です。`,
    CLASS_FROM_TYPE: (vehicleType: string, vehicleClass: string) =>
      `車種「${vehicleType}」を${vehicleClass}として計算しています。`,
    CLASS_FROM_WEIGHT: (vehicleType: string, weightKg: number, vehicleClass: string) =>
      `車種「${vehicleType}」のため、総重量${groupDigits(weightKg, 1)}kgを積める${vehicleClass}として計算しています。`,
    DISTANCE_ESTIMATED:
      '距離は各地点の市区町村の代表点を結ぶ直線距離に道路係数を掛けた推定です。実際の距離を入力すると正確になります。',
    DISTANCE_PLACES_APPROXIMATE:
      '代表点のない市区町村（または分からない市区町村）の地点は、近隣の市区町村や都道府県の平均の地点で代用しているため、推定の誤差が大きくなります。',
    DISTANCE_ENTERED: '距離は入力された値によります。',
    DISTANCE_ROUNDED: (distanceKm: number, fareKm: number) =>
      `距離${km(distanceKm)}を運賃表の刻みに切り上げ、${km(fareKm)}で計算しています。`,
    SURCHARGES_ADDED: '割増はそれぞれ基本運賃に対して計算し、足し合わせています（割増に割増を掛けていません）。',
    SHARE_BY_TIME: (holiday: number, night: number) =>
      `休日・深夜早朝の割増は、出発から到着まで一定の速さで走るものとして、時間の割合で距離を按分しています（休日${percent(holiday)}、深夜・早朝${percent(night)}）。`,
    REFRIGERATED: '冷蔵・冷凍の荷物のため、冷蔵車・冷凍車の割増を加えています。',
    WAITING_FIRST_30_FREE:
      '待機時間料は、待機が30分を超えた場合に、最初の30分を除いた時間について30分ごと（端数切り上げ）に計算しています。',
    OVER_TWO_HOURS:
      '待機と積込・取卸の時間が合わせて2時間を超えた分は、2時間超の単価で計算しています（待機を先に数えています）。',
    SUBCONTRACTING: '他の事業者に運送を委託するため、利用運送手数料を加えています。',
    FUEL_PRICE: (priceYenPerL: number, basePriceYenPerL: number, upliftYenPerL: number, setOn: string | null) =>
      `軽油価格${yen(priceYenPerL)}/L${setOn ? `（${setOn}設定）` : ''}から、基準価格${yen(basePriceYenPerL)}/Lに対する上昇額${yen(upliftYenPerL)}/Lを用いています。`,
    FUEL_EFFICIENCY_ASSUMED: (kmPerL: number) =>
      `燃費${groupDigits(kmPerL, 1)}km/Lは当社の仮定値です（告示は燃費を各事業者が定めるとしています）。`,
    FUEL_EFFICIENCY_GIVEN: (kmPerL: number) => `燃費${groupDigits(kmPerL, 1)}km/Lは運送会社の値です。`,
    NO_FUEL_PRICE: '燃料価格が設定されていないため、燃料サーチャージを含めていません。',
    ROUNDING: '割増と手数料の円未満は四捨五入、燃料サーチャージは切り上げ、消費税は切り捨てです。',
  },
} as const;
