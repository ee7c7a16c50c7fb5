/**
 * A shipper's saved places (住所録, issue 49, decision 106): a site's name, its address and
 * contact as a delivery stop has them, its hours and a note for the carrier. The fields reuse
 * the stop's builders, so a place and the stop it fills are checked alike.
 */
import { z } from 'zod';
import { Elevator } from '../enums/index';
import { MAX, ZPaginationQuery, iso, option, optionalText, paginated, phone, text, uuid } from './common';
import { addressFields, optional } from './request-items/fields';

export const PLACE_LIMITS = { name: MAX.name, hours: MAX.short, note: 500, keyword: 50 } as const;

export const ZPlaceIdParams = z.lazy(() => z.object({ placeId: uuid() }));

/** A place as the shipper writes it (POST and PUT). */
export const ZPlaceBody = z.lazy(() =>
  z.object({
    name: text(PLACE_LIMITS.name),
    ...addressFields(),
    /** The stop's 担当者. */
    contactName: optionalText(MAX.name),
    phone: optional(phone()),
    elevator: optional(option(Elevator.values)),
    /** 受付時間, free text (平日 9:00〜17:00). */
    hours: optionalText(PLACE_LIMITS.hours),
    /** For the carrier: 「搬入口は裏手」. */
    note: optionalText(PLACE_LIMITS.note),
  }),
);
export type TPlaceBody = z.infer<typeof ZPlaceBody>;

export const ZPlace = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    postalCode: z.string().nullable(),
    prefecture: z.string(),
    city: z.string(),
    town: z.string(),
    block: z.string(),
    building: z.string().nullable(),
    contactName: z.string().nullable(),
    phone: z.string().nullable(),
    elevator: Elevator.schema.nullable(),
    hours: z.string().nullable(),
    note: z.string().nullable(),
    createdAt: iso(),
    updatedAt: iso(),
  }),
);
export type TPlace = z.infer<typeof ZPlace>;

/** The shipper's places in name order; `keyword` matches the name or the address. */
export const ZPlaceListQuery = z.lazy(() => ZPaginationQuery.unwrap().extend({ keyword: optionalText(PLACE_LIMITS.keyword) }));
export type TPlaceListQuery = z.infer<typeof ZPlaceListQuery>;
export const ZPlacePage = z.lazy(() => paginated(ZPlace));
export type TPlacePage = z.infer<typeof ZPlacePage>;
