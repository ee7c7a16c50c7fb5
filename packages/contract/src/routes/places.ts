/** A shipper's saved places (住所録, issue 49, decision 106): list, one, add, change, delete. */
import { SHIPPER, def } from './route-def';
import { ZMessageResponse } from '../schemas/common';
import { ZPlace, ZPlaceBody, ZPlaceIdParams, ZPlaceListQuery, ZPlacePage } from '../schemas/places';

export const placeRoutes = {
  list: def({
    method: 'GET',
    path: '/places',
    summary: '住所録（自分の登録地を名前順に）',
    access: SHIPPER,
    query: ZPlaceListQuery,
    response: ZPlacePage,
  }),
  get: def({
    method: 'GET',
    path: '/places/:placeId',
    summary: '登録地の詳細',
    access: SHIPPER,
    params: ZPlaceIdParams,
    response: ZPlace,
    errors: ['PLACE_NOT_FOUND'],
  }),
  create: def({
    method: 'POST',
    path: '/places',
    summary: '登録地を追加',
    access: SHIPPER,
    status: 201,
    body: ZPlaceBody,
    response: ZPlace,
  }),
  update: def({
    method: 'PUT',
    path: '/places/:placeId',
    summary: '登録地を変更',
    access: SHIPPER,
    params: ZPlaceIdParams,
    body: ZPlaceBody,
    response: ZPlace,
    errors: ['PLACE_NOT_FOUND'],
  }),
  remove: def({
    method: 'DELETE',
    path: '/places/:placeId',
    summary: '登録地を削除（登録済みの依頼には影響しません）',
    access: SHIPPER,
    params: ZPlaceIdParams,
    response: ZMessageResponse,
    errors: ['PLACE_NOT_FOUND'],
  }),
} as const;
