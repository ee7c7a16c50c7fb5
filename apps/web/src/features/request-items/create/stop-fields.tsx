/**
 * One stop of a delivery route: where (postal code lookup fills prefecture, city and town),
 * when (a day and a time window) and who (contact, elevator). Field names are
 * `transports.<index>.*` of the delivery form.
 */
import { Elevator, type TTransportType } from '@logi/contract';
import { REQUEST_CREATE_TEXT as T } from '../../../texts/request-create';
import { PROFILE_FIELD_TEXT as F } from '../../../texts/sign-up';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { FormDatePicker, FormInput, FormPostalCode, FormRadio, FormTimeRangePicker, enumOptions } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { StopPlacePicker } from './stop-place-picker';

const ELEVATOR_OPTIONS = enumOptions(Elevator);

/** The colour of a stop's marker: pickup and delivery stand out, a transit is quiet. */
const MARKER: Record<TTransportType, string> = {
  PICKUP: 'bg-primary text-primary-foreground',
  TRANSIT: 'bg-muted text-foreground',
  DELIVERY: 'bg-foreground text-background',
};

interface StopFieldsProps {
  index: number;
  label: string;
  transportType: TTransportType;
  onRemove: () => void;
  /** Today (yyyy-MM-dd): no stop in the past. */
  minDate: string;
}

export function StopFields({ index, label, transportType, onRemove, minDate }: StopFieldsProps) {
  const headingId = useId();
  const at = (field: string) => `transports.${index}.${field}`;
  return (
    <fieldset
      aria-labelledby={headingId}
      className="col-span-12 flex flex-col gap-4 rounded-md border border-border/80 bg-background p-3 sm:p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 id={headingId} className="flex items-center gap-2 text-sm font-bold">
          <span
            aria-hidden
            className={cn('inline-flex size-6 items-center justify-center rounded-full text-xs', MARKER[transportType])}
          >
            {index + 1}
          </span>
          {label}
        </h3>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={onRemove}
          className="text-muted-foreground hover:text-destructive!"
        >
          <Trash2 aria-hidden className="size-4" />
          <span className="sr-only sm:not-sr-only">{T.stop.remove(label)}</span>
        </Button>
      </div>
      <StopPlacePicker index={index} label={label} />
      <div className="grid grid-cols-12 gap-x-4 gap-y-4">
        <FormPostalCode
          name={at('postalCode')}
          label={F.postalCode}
          span={12}
          addressFields={{ prefecture: at('prefecture'), city: at('city'), town: at('town') }}
        />
        <FormInput name={at('prefecture')} label={F.prefecture} required span={4} />
        <FormInput name={at('city')} label={F.city} required span={4} />
        <FormInput name={at('town')} label={F.town} required span={4} />
        <FormInput name={at('block')} label={F.block} required span={6} />
        <FormInput name={at('building')} label={F.building} span={6} />
        <FormDatePicker name={at('date')} label={T.stop.date} required span={4} min={minDate} />
        <FormTimeRangePicker
          name={at('timeRange')}
          label={T.stop.timeRange}
          required
          span={8}
          suffix={transportType === 'PICKUP' ? undefined : null}
        />
        <FormInput name={at('name')} label={T.stop.name} span={6} autoComplete="name" />
        <FormInput name={at('phone')} label={T.stop.phone} description={F.phoneHint} type="tel" inputMode="tel" span={6} />
        <FormRadio name={at('elevator')} label={T.stop.elevator} required options={ELEVATOR_OPTIONS} span={12} />
      </div>
    </fieldset>
  );
}
