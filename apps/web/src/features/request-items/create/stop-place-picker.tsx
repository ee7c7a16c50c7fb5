/**
 * A stop's link to the shipper's 住所録 (issue 49, decision 106): pick a saved place to fill the
 * stop's address and contact, or save what was typed here as a new place in one tap. The list is
 * asked for only when the picker is first opened, so the form's first paint calls nothing more.
 */
import { PLACE_LIMITS, SUCCESS_MESSAGES, UI_TEXT, ZPlaceBody, type TPlace } from '@logi/contract';
import { useQuery } from '@tanstack/react-query';
import { BookmarkPlus } from 'lucide-react';
import { useState } from 'react';
import { useFormMethods } from '../../../components/form/form';
import { Button } from '../../../components/ui/button';
import { Select } from '../../../components/ui/select';
import { placePickerQuery, useCreatePlace } from '../../../lib/place-queries';
import { toast } from '../../../lib/toast';
import { PLACES_TEXT as T } from '../../../texts/places';
import type { TStopForm } from './request-forms';

/** The stop's fields a place fills, and the place's field each comes from. */
const FILLED = {
  postalCode: 'postalCode',
  prefecture: 'prefecture',
  city: 'city',
  town: 'town',
  block: 'block',
  building: 'building',
  name: 'contactName',
  phone: 'phone',
} as const satisfies Partial<Record<keyof TStopForm, keyof TPlace>>;

/** A name for a place saved in one tap: its street address (the shipper can rename it on the 住所録). */
const defaultName = (s: TStopForm) =>
  `${s.city}${s.town}${s.block}${s.building ? ` ${s.building}` : ''}`.slice(0, PLACE_LIMITS.name);

export function StopPlacePicker({ index, label }: { index: number; label: string }) {
  const form = useFormMethods();
  const [wanted, setWanted] = useState(false);
  const [chosen, setChosen] = useState<TPlace | null>(null);
  const places = useQuery({ ...placePickerQuery(), enabled: wanted });
  const save = useCreatePlace(true);
  const at = (field: string) => `transports.${index}.${field}`;

  const list = places.data?.data ?? [];
  const options = places.isPending
    ? [{ value: '-', label: UI_TEXT.common.loading, disabled: true }]
    : list.length === 0
      ? [{ value: '-', label: T.picker.none, disabled: true }]
      : list.map((p) => ({ value: p.id, label: p.name }));

  const pick = (placeId: string) => {
    const place = list.find((p) => p.id === placeId);
    if (!place) return;
    for (const [field, from] of Object.entries(FILLED)) {
      form.setValue(at(field), place[from] ?? '', { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    }
    if (place.elevator) form.setValue(at('elevator'), place.elevator, { shouldDirty: true });
    setChosen(place);
  };

  const saveStop = () => {
    const stop = form.getValues(at('')) as TStopForm;
    const parsed = ZPlaceBody.safeParse({
      name: defaultName(stop),
      postalCode: stop.postalCode,
      prefecture: stop.prefecture,
      city: stop.city,
      town: stop.town,
      block: stop.block,
      building: stop.building,
      contactName: stop.name,
      phone: stop.phone,
      elevator: stop.elevator,
    });
    if (!parsed.success) {
      const wrong = parsed.error.issues[0];
      toast.error(wrong && ['phone', 'postalCode'].includes(String(wrong.path[0])) ? wrong.message : T.picker.saveIncomplete);
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (place) => {
        toast.success(SUCCESS_MESSAGES.placeSaved);
        setChosen(place);
      },
    });
  };

  const hint = chosen ? T.picker.hint(chosen.hours, chosen.note) : '';
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex flex-wrap items-center gap-2">
        <div className="min-w-48 flex-1">
          <Select
            value={chosen && list.some((p) => p.id === chosen.id) ? chosen.id : ''}
            options={options}
            placeholder={T.picker.placeholder}
            onValueChange={pick}
            onOpenChange={(open) => open && setWanted(true)}
            triggerProps={{ 'aria-label': T.picker.label(label), onFocus: () => setWanted(true) }}
          />
        </div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={saveStop}
          loading={save.isPending}
          aria-label={T.picker.saveFor(label)}
        >
          <BookmarkPlus aria-hidden className="size-4" />
          {T.picker.save}
        </Button>
      </div>
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
    </div>
  );
}
