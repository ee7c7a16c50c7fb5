import { PREFECTURES, SEARCH_TEXT } from '../../../texts/request-items';
import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray } from 'react-hook-form';
import { FormInput, FormSelect } from '../../../components/form';
import { Button } from '../../../components/ui/button';
import type { FilterFormValues, LocationField } from './filter-form';

const PREFECTURE_OPTIONS = PREFECTURES.map((p) => ({ value: p, label: p }));

/** A list of places for one location filter: each a prefecture and, optionally, a city. */
export function LocationRows({ name, label }: { name: LocationField; label: string }) {
  const rows = useFieldArray<FilterFormValues, LocationField>({ name });
  return (
    <fieldset className="col-span-12 flex flex-col gap-3 md:col-span-4">
      <legend className="mb-2 text-sm font-semibold">{label}</legend>
      {rows.fields.map((row, i) => (
        <div key={row.id} className="grid grid-cols-[1fr_auto] items-end gap-2 rounded-md border p-3">
          <div className="grid grid-cols-12 gap-x-2 gap-y-3">
            <FormSelect name={`${name}.${i}.prefecture`} label={SEARCH_TEXT.prefecture} options={PREFECTURE_OPTIONS} />
            <FormInput name={`${name}.${i}.city`} label={SEARCH_TEXT.city} placeholder={SEARCH_TEXT.cityPlaceholder} />
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`${label}: ${SEARCH_TEXT.removeLocation(i + 1)}`}
            onClick={() => rows.remove(i)}
          >
            <Trash2 aria-hidden className="size-4" />
          </Button>
        </div>
      ))}
      <Button
        variant="outline"
        className="self-start"
        aria-label={`${label}: ${SEARCH_TEXT.addLocation}`}
        onClick={() => rows.append({ prefecture: '', city: '' })}
      >
        <Plus aria-hidden className="size-4" />
        {SEARCH_TEXT.addLocation}
      </Button>
    </fieldset>
  );
}
