/**
 * What a delivery form starts from besides the empty form (decision 107): 「同じ内容で依頼」
 * (?from=<request id>: the contents of one of the shipper's requests), a template
 * (?template=<id>), or the draft this browser kept for this user. Repeated contents keep their
 * times of day and distances between stops; the first pickup moves to tomorrow (the shipper
 * changes it). The draft is kept in localStorage, per user, and cleared once a request is posted:
 * it is a half-typed form on one device, which the server need not hold (nor see, until posted).
 * A warehouse request is repeated too (?type=warehouse&from=<id>): its only date, the selection
 * deadline, is left for the shipper to choose again, as are its photos.
 */
import { type TCreateDeliveryBody, type TCreateWarehouseBody, repeatDates, requestTemplateRoutes } from '@logi/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type UseFormReturn, useWatch } from 'react-hook-form';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth-store';
import { formatDate, formatTime } from '../../../lib/format';
import { EMPTY_DELIVERY, EMPTY_WAREHOUSE, type TDeliveryForm, type TStopForm, type TWarehouseForm } from './request-forms';

const text = (v: string | null | undefined) => v ?? '';

/** A posted body as the form holds it: each stop's day and window in Japan time, the price type from the price. */
export function formFromBody(body: TCreateDeliveryBody): TDeliveryForm {
  const transports = repeatDates(body.transports, new Date()).map((s): TStopForm => ({
    transportType: s.transportType,
    postalCode: text(s.postalCode),
    prefecture: s.prefecture,
    city: s.city,
    town: s.town,
    block: s.block,
    building: text(s.building),
    name: text(s.name),
    phone: text(s.phone),
    elevator: s.elevator,
    date: formatDate(s.timeFrom, 'yyyy-MM-dd'),
    timeRange: `${formatTime(s.timeFrom)}-${formatTime(s.timeTo)}`,
  }));
  return {
    ...EMPTY_DELIVERY,
    vehicleType: body.vehicleType,
    vehicleTemperatureRange: body.vehicleTemperatureRange,
    temperatureMin: body.temperatureMin,
    temperatureMax: body.temperatureMax,
    baggageName: body.baggageName,
    material: text(body.material),
    totalWeight: body.totalWeight,
    distanceKm: body.distanceKm,
    weight: body.weight,
    totalAmount: body.totalAmount,
    size: text(body.size),
    transports,
    priceType: body.price === undefined ? 'ESTIMATION' : 'FIXED',
    price: body.price,
    message: text(body.message),
    incidentalWork: body.incidentalWork ?? [],
    incidentalCharge: body.incidentalCharge,
    waitingChargePer30Min: body.waitingChargePer30Min,
    tollsPaidBy: body.tollsPaidBy ?? EMPTY_DELIVERY.tollsPaidBy,
    fuelSurcharge: body.fuelSurcharge,
    paymentTerms: text(body.paymentTerms),
    verifiedCarriersOnly: body.verifiedCarriersOnly,
  };
}

/** A posted warehouse body as its form holds it: no photos, no selection deadline (both the shipper's to give again). */
export function warehouseFormFromBody(body: TCreateWarehouseBody): TWarehouseForm {
  return {
    ...EMPTY_WAREHOUSE,
    postalCode: text(body.postalCode),
    prefecture: body.prefecture,
    city: body.city,
    town: body.town,
    block: body.block,
    building: text(body.building),
    price: body.price,
    roomTemperatureRange: body.roomTemperatureRange,
    acreage: body.acreage,
    requestAmount: body.requestAmount,
    vehicleTypes: body.vehicleTypes ?? [],
    message: text(body.message),
    verifiedCarriersOnly: body.verifiedCarriersOnly,
  };
}

/** 「同じ内容で依頼」 of a warehouse request: `undefined` while the contents load. */
export function useWarehouseStart(from: string | null): TWarehouseForm | undefined {
  const repeat = useQuery({
    queryKey: ['request-repeat-warehouse', from],
    enabled: !!from,
    queryFn: ({ signal }) =>
      api.call(requestTemplateRoutes.repeatWarehouseBody, { params: { requestItemId: from! } }, { signal }),
  });
  if (!from) return EMPTY_WAREHOUSE;
  return repeat.data ? warehouseFormFromBody(repeat.data) : undefined;
}

/** Where the form starts: `undefined` while the contents load. */
export function useDeliveryStart(source: { from: string | null; template: string | null }): {
  values: TDeliveryForm | undefined;
  key: string;
} {
  const repeat = useQuery({
    queryKey: ['request-repeat', source.from],
    enabled: !!source.from,
    queryFn: ({ signal }) => api.call(requestTemplateRoutes.repeatBody, { params: { requestItemId: source.from! } }, { signal }),
  });
  const template = useQuery({
    queryKey: ['request-template', source.template],
    enabled: !!source.template && !source.from,
    queryFn: ({ signal }) => api.call(requestTemplateRoutes.template, { params: { templateId: source.template! } }, { signal }),
  });
  if (source.from) return { values: repeat.data ? formFromBody(repeat.data) : undefined, key: `from:${source.from}` };
  if (source.template)
    return { values: template.data ? formFromBody(template.data.body) : undefined, key: `template:${source.template}` };
  return { values: EMPTY_DELIVERY, key: 'draft' };
}

const draftKey = (userId: string) => `logi:delivery-draft:${userId}`;

function readDraft(userId: string): TDeliveryForm | undefined {
  if (!userId || typeof localStorage === 'undefined') return undefined;
  try {
    const saved = localStorage.getItem(draftKey(userId));
    // Photos are not kept: an upload belongs to the page that made it.
    return saved ? { ...EMPTY_DELIVERY, ...(JSON.parse(saved) as TDeliveryForm), luggageImageIds: [] } : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the draft: the request was posted. */
export function clearDeliveryDraft(userId: string) {
  if (userId && typeof localStorage !== 'undefined') localStorage.removeItem(draftKey(userId));
}

/**
 * Keeps what is typed in this browser for this user, so that a reload finds it; `restore`: the
 * form starts from the kept draft (after the page is painted: the server has no localStorage).
 */
export function useKeepDraft(form: UseFormReturn<TDeliveryForm, unknown, unknown>, restore: boolean) {
  const userId = useAuth((s) => s.user.id);
  const values = useWatch({ control: form.control });
  const dirty = form.formState.isDirty;
  // Once, when the user is known: the form object changes identity between renders.
  const restored = useRef(false);
  const reset = form.reset;
  useEffect(() => {
    if (restored.current || !restore || !userId) return;
    restored.current = true;
    const draft = readDraft(userId);
    if (draft) reset(draft, { keepDefaultValues: true });
  }, [reset, restore, userId]);
  useEffect(() => {
    if (!userId || !dirty) return;
    const timer = setTimeout(() => localStorage.setItem(draftKey(userId), JSON.stringify(values)), 300);
    return () => clearTimeout(timer);
  }, [userId, values, dirty]);
}
