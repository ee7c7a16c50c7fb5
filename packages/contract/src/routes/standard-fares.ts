/** The fair-price meter (標準的運賃, issue 45, decision 092): the quote, the market's lane prices, the fuel price. */
import { ZRequestItemIdParams } from '../schemas/request-items';
import {
  ZFuelPriceBody,
  ZFuelPrices,
  ZLanePrices,
  ZLanePricesQuery,
  ZStandardFareQuote,
  ZStandardFareQuoteBody,
} from '../schemas/standard-fares';
import { CARRIERS, SHIPPER, def } from './route-def';

export const standardFareRoutes = {
  quote: def({
    method: 'POST',
    path: '/standard-fares/quote',
    summary:
      '下書きの依頼の標準的運賃の目安（内訳・前提・推定距離。何も保存しない計算。経路は地点ごとの入力のためJSON本文で受け取る）',
    access: [...SHIPPER, ...CARRIERS, 'ADMIN'],
    body: ZStandardFareQuoteBody,
    response: ZStandardFareQuote,
  }),
  lanePrices: def({
    method: 'GET',
    path: '/standard-fares/lane-prices',
    summary:
      '区間（集荷・配達の都道府県、車格、推定距離±20%）の完了案件の成約価格（中央値・範囲・件数。5件未満は非表示、当事者は示さない）',
    access: [...SHIPPER, ...CARRIERS, 'ADMIN'],
    query: ZLanePricesQuery,
    response: ZLanePrices,
  }),
  requestLanePrices: def({
    method: 'GET',
    path: '/request-items/:requestItemId/lane-prices',
    summary: '配送依頼と同じ区間の完了案件の成約価格（依頼を閲覧できる人のみ）',
    access: [...SHIPPER, ...CARRIERS, 'ADMIN'],
    params: ZRequestItemIdParams,
    response: ZLanePrices,
    errors: ['REQUEST_ITEM_NOT_FOUND', 'REQUEST_TYPE_MISMATCH'],
  }),
  fuelPrices: def({
    method: 'GET',
    path: '/admin/fuel-prices',
    summary: '軽油価格（燃料サーチャージの基準）：現在の価格と設定の履歴',
    access: ['ADMIN'],
    response: ZFuelPrices,
  }),
  setFuelPrice: def({
    method: 'POST',
    path: '/admin/fuel-prices',
    summary: '軽油価格の設定（指定日から適用。監査ログに記録）',
    access: ['ADMIN'],
    status: 201,
    body: ZFuelPriceBody,
    response: ZFuelPrices,
  }),
} as const;
