/**
 * A shipper's saved places (住所録, issue 49, decision 106): the sites it ships from and to,
 * which the create form copies into a stop. A place belongs to one customer account: another
 * account's place answers 404, as if it did not exist. Deleting a place changes no request
 * (a stop keeps the copy it was given).
 */
import {
  SUCCESS_MESSAGES,
  paginationMeta,
  type TMessageResponse,
  type TPlace,
  type TPlaceBody,
  type TPlaceListQuery,
  type TPlacePage,
} from '@logi/contract';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import * as repo from './places.repository';

function toPlace(row: repo.PlaceRow): TPlace {
  return {
    id: row.id,
    name: row.name,
    postalCode: row.postalCode,
    prefecture: row.prefecture,
    city: row.city,
    town: row.town,
    block: row.block,
    building: row.building,
    contactName: row.contactName,
    phone: row.phone,
    elevator: row.elevator,
    hours: row.hours,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const fieldsOf = (body: TPlaceBody): repo.PlaceFields => ({
  name: body.name,
  postalCode: body.postalCode ?? null,
  prefecture: body.prefecture,
  city: body.city,
  town: body.town,
  block: body.block,
  building: body.building ?? null,
  contactName: body.contactName ?? null,
  phone: body.phone ?? null,
  elevator: body.elevator ?? null,
  hours: body.hours ?? null,
  note: body.note ?? null,
});

export function createPlacesService(deps: Deps) {
  const { db } = deps;
  return {
    async list(auth: AuthContext, q: TPlaceListQuery): Promise<TPlacePage> {
      const { rows, total } = await repo.listPlaces(db, auth.userId, q.keyword, {
        limit: q.limit,
        offset: (q.page - 1) * q.limit,
      });
      return { meta: paginationMeta(q.page, q.limit, total), data: rows.map(toPlace) };
    },

    async get(auth: AuthContext, placeId: string): Promise<TPlace> {
      const row = await repo.findPlace(db, auth.userId, placeId);
      if (!row) throw new AppError('PLACE_NOT_FOUND');
      return toPlace(row);
    },

    async create(auth: AuthContext, body: TPlaceBody): Promise<TPlace> {
      return toPlace(await db.transaction((tx) => repo.insertPlace(tx, auth.userId, fieldsOf(body))));
    },

    async update(auth: AuthContext, placeId: string, body: TPlaceBody): Promise<TPlace> {
      const row = await db.transaction((tx) => repo.updatePlace(tx, auth.userId, placeId, fieldsOf(body)));
      if (!row) throw new AppError('PLACE_NOT_FOUND');
      return toPlace(row);
    },

    async remove(auth: AuthContext, placeId: string): Promise<TMessageResponse> {
      const deleted = await db.transaction((tx) => repo.deletePlace(tx, auth.userId, placeId));
      if (!deleted) throw new AppError('PLACE_NOT_FOUND');
      return { message: SUCCESS_MESSAGES.placeDeleted };
    },
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
