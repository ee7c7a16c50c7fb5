/**
 * The delivery request form (spec §5 delivery creation): the route's stops, vehicle and
 * temperature (a cold load's own range, decision 085), baggage, price, the written transport conditions (decision 067), the selection
 * deadline, images and a message. Submitting opens the confirm dialog
 * (delivery-confirm-create), which posts; the form stays as entered if that fails.
 */
import {
  IncidentalWork,
  REQUEST_ITEM_RULES,
  TemperatureRange,
  TollsPaidBy,
  VehicleType,
  isColdChain,
  type TTransportType,
} from '@logi/contract';
import { FAIR_PRICE_WEB_TEXT as F } from '../../../texts/fair-price';
import { REQUEST_CREATE_TEXT as T } from '../../../texts/request-create';
import { MapPinPlus } from 'lucide-react';
import { memo } from 'react';
import { useFieldArray, useFormState, useWatch } from 'react-hook-form';
import { FormInput, FormMultiCheckbox, FormRadio, FormSelect, enumOptions, useZodForm } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { useDialog } from '../../../components/ui/dialog-registry';
import { todayInJapan } from '../../../lib/format';
import { FormSection } from './form-section';
import { SelectionDeadlineFields } from './selection-deadline-fields';
import { FixedPriceWarning, StandardFarePanel } from './standard-fare-panel';
import { RequestFormFrame } from './request-form-frame';
import { EMPTY_DELIVERY, ZDeliveryForm, emptyStop, stopLabels, type TDeliveryForm } from './request-forms';
import { StopFields } from './stop-fields';
import { useKeepDraft } from './prefill';

const VEHICLE_OPTIONS = enumOptions(VehicleType);
const TEMPERATURE_OPTIONS = enumOptions(TemperatureRange);
const INCIDENTAL_OPTIONS = enumOptions(IncidentalWork);
const TOLLS_OPTIONS = enumOptions(TollsPaidBy);
const PRICE_TYPE_OPTIONS = (['ESTIMATION', 'FIXED'] as const).map((value) => ({ value, label: T.priceTypes[value].label }));

/** Where a new stop of a kind goes so that the route stays pickups → transits → deliveries. */
function insertionIndex(types: readonly TTransportType[], type: TTransportType): number {
  if (type === 'DELIVERY') return types.length;
  const firstDelivery = types.indexOf('DELIVERY');
  const beforeDeliveries = firstDelivery === -1 ? types.length : firstDelivery;
  if (type === 'TRANSIT') return beforeDeliveries;
  const firstTransit = types.indexOf('TRANSIT');
  return firstTransit === -1 ? beforeDeliveries : firstTransit;
}

const STOP_NAMES = { PICKUP: T.stop.PICKUP, DELIVERY: T.stop.DELIVERY, transit: T.stop.transit };

/** `initial`: a repeated request or a template (decision 107); absent: the empty form or this browser's draft. */
export function DeliveryRequestForm({ initial }: { initial?: TDeliveryForm } = {}) {
  const form = useZodForm(ZDeliveryForm, { defaultValues: initial ?? EMPTY_DELIVERY });
  useKeepDraft(form, !initial);
  const dialog = useDialog();

  return (
    <RequestFormFrame
      form={form}
      label={T.types.DELIVERY.label}
      images={{ name: 'luggageImageIds', label: T.images }}
      onSubmit={(body, onFailed) => {
        const labels = stopLabels(
          body.transports.map((stop) => stop.transportType),
          STOP_NAMES,
        );
        dialog.open('delivery-confirm-create', { body, stopLabels: labels, onFailed });
      }}
    >
      <DeliveryFields />
    </RequestFormFrame>
  );
}

/**
 * The delivery form's own sections, a memo without props: the component holding the form
 * re-renders whenever react-hook-form's state does, first right after mount (the form becomes
 * ready in a layout effect, which React runs synchronously). These fields subscribe to what they
 * show themselves (useFieldArray, useWatch, useFormState), so they sit that out.
 */
/** A 冷蔵・冷凍 load's own range within its zone (decision 085), e.g. 2〜8℃. */
function TemperatureRangeFields() {
  const R = T.temperatureRange;
  return (
    <fieldset className="col-span-12 grid grid-cols-12 gap-x-4 gap-y-2">
      <legend className="col-span-12 mb-1 text-sm font-medium">{R.label}</legend>
      <p className="col-span-12 -mt-1 text-sm text-muted-foreground">{R.hint}</p>
      {/* No decimal keypad: it has no minus sign, and a frozen range is below zero. */}
      <FormInput name="temperatureMin" label={R.min} type="number" suffix={R.celsius} span={6} />
      <FormInput name="temperatureMax" label={R.max} type="number" suffix={R.celsius} span={6} />
    </fieldset>
  );
}

const DeliveryFields = memo(function DeliveryFields() {
  const stops = useFieldArray<TDeliveryForm, 'transports'>({ name: 'transports' });
  const types = (useWatch<TDeliveryForm, 'transports'>({ name: 'transports' }) ?? []).map(
    (s) => s.transportType as TTransportType,
  );
  const priceType = useWatch<TDeliveryForm, 'priceType'>({ name: 'priceType' });
  const zone = useWatch<TDeliveryForm, 'vehicleTemperatureRange'>({ name: 'vehicleTemperatureRange' });
  const { errors } = useFormState<TDeliveryForm>({ name: 'transports' });
  const labels = stopLabels(types, STOP_NAMES);
  const routeError = errors.transports?.root?.message ?? errors.transports?.message;
  const today = todayInJapan();

  const add = (type: TTransportType) => stops.insert(insertionIndex(types, type), emptyStop(type), { shouldFocus: false });

  return (
    <>
      <FormSection title={T.sections.route} description={T.sections.routeHint}>
        {stops.fields.map((stop, i) => (
          <StopFields
            key={stop.id}
            index={i}
            label={labels[i] ?? ''}
            transportType={types[i] ?? 'PICKUP'}
            onRemove={() => stops.remove(i)}
            minDate={today}
          />
        ))}
        {routeError && (
          <p data-form-error role="alert" className="col-span-12 text-sm text-destructive">
            {String(routeError)}
          </p>
        )}
        <div className="col-span-12 flex flex-wrap gap-2">
          {(['PICKUP', 'TRANSIT', 'DELIVERY'] as const).map((type) => (
            <Button
              key={type}
              type="button"
              variant="outline"
              size="sm"
              onClick={() => add(type)}
              disabled={stops.fields.length >= REQUEST_ITEM_RULES.maxTransports}
            >
              <MapPinPlus aria-hidden className="size-4" />
              {type === 'PICKUP' ? T.stop.addPickup : type === 'TRANSIT' ? T.stop.addTransit : T.stop.addDelivery}
            </Button>
          ))}
        </div>
        <FormInput
          name="distanceKm"
          label={F.distance.label}
          description={F.distance.hint}
          type="number"
          inputMode="decimal"
          suffix={F.distance.unit}
          span={6}
        />
      </FormSection>

      <FormSection title={T.sections.vehicle}>
        <FormSelect name="vehicleType" label={T.vehicleType} required options={VEHICLE_OPTIONS} span={6} />
        <FormRadio name="vehicleTemperatureRange" label={T.temperature} required options={TEMPERATURE_OPTIONS} span={6} />
        {zone && isColdChain(zone) && <TemperatureRangeFields />}
      </FormSection>

      <FormSection title={T.sections.baggage}>
        <FormInput name="baggageName" label={T.baggageName} placeholder={T.baggageNamePlaceholder} required span={8} />
        <FormInput name="material" label={T.material} placeholder={T.materialPlaceholder} span={4} />
        <FormInput name="totalWeight" label={T.totalWeight} type="number" inputMode="decimal" suffix={T.kg} required span={4} />
        <FormInput name="weight" label={T.weight} type="number" inputMode="decimal" suffix={T.kg} span={4} />
        <FormInput name="totalAmount" label={T.totalAmount} type="number" inputMode="numeric" suffix={T.pieces} span={4} />
        <FormInput name="size" label={T.size} placeholder={T.sizePlaceholder} span={12} />
      </FormSection>

      <FormSection title={F.panel.title}>
        <StandardFarePanel />
      </FormSection>

      <FormSection title={T.sections.price}>
        <FormRadio name="priceType" label={T.priceType} required options={PRICE_TYPE_OPTIONS} span={12} columns={2} />
        <p className="col-span-12 -mt-3 text-sm text-muted-foreground">{T.priceTypes[priceType ?? 'ESTIMATION'].description}</p>
        {priceType === 'FIXED' && (
          <FormInput name="price" label={T.price} type="number" inputMode="numeric" suffix={T.yen} required span={6} />
        )}
        {priceType === 'FIXED' && <FixedPriceWarning />}
      </FormSection>

      <FormSection title={T.sections.conditions} description={T.conditions.hint}>
        <FormMultiCheckbox name="incidentalWork" label={T.conditions.incidentalWork} options={INCIDENTAL_OPTIONS} span={12} />
        <FormInput
          name="incidentalCharge"
          label={T.conditions.incidentalCharge}
          description={T.conditions.incidentalChargeHint}
          type="number"
          inputMode="numeric"
          suffix={T.yen}
          span={6}
        />
        <FormInput
          name="waitingChargePer30Min"
          label={T.conditions.waitingCharge}
          description={T.conditions.waitingChargeHint}
          type="number"
          inputMode="numeric"
          suffix={T.yen}
          span={6}
        />
        <FormRadio name="tollsPaidBy" label={T.conditions.tollsPaidBy} options={TOLLS_OPTIONS} span={6} columns={2} />
        <FormInput
          name="fuelSurcharge"
          label={T.conditions.fuelSurcharge}
          type="number"
          inputMode="numeric"
          suffix={T.yen}
          span={6}
        />
        <FormInput
          name="paymentTerms"
          label={T.conditions.paymentTerms}
          placeholder={T.conditions.paymentTermsPlaceholder}
          span={12}
        />
      </FormSection>

      <SelectionDeadlineFields />
    </>
  );
});
