/**
 * Choices in named groups (e.g. prefectures by region), each group in 3 columns (spec §2) with
 * a box that chooses or clears the whole group. The value is the flat list of chosen values.
 */
import { FORM_TEXT } from '@logi/contract';
import { useId } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { Checkbox } from '../ui/checkbox';
import { type BaseFieldProps, FormField, groupControl } from './form-field';
import { asList } from './multi-checkbox';
import type { FieldOption } from './options';

export interface CheckboxGroup {
  label: string;
  options: readonly FieldOption[];
}

export interface FormGroupCheckboxProps<TValues extends FieldValues = FieldValues> extends BaseFieldProps<TValues> {
  groups: readonly CheckboxGroup[];
}

export function FormGroupCheckbox<TValues extends FieldValues = FieldValues>({
  name,
  groups,
  readOnly,
  ...field
}: FormGroupCheckboxProps<TValues>) {
  const { field: control } = useController({ name });
  const baseId = useId();
  const chosen = new Set(asList(control.value));
  const order = groups.flatMap((g) => g.options.map((o) => o.value));
  const disabled = readOnly || control.disabled;

  const commit = (next: Set<string>) => control.onChange(order.filter((v) => next.has(v)));
  const setMany = (values: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const v of values) {
      if (on) next.add(v);
      else next.delete(v);
    }
    commit(next);
  };

  return (
    <FormField name={name} readOnly={readOnly} group {...field}>
      {(aria, labelId) => (
        <div role="group" aria-labelledby={labelId} {...groupControl(aria)} className="flex flex-col gap-4">
          {groups.map((group, g) => {
            const values = group.options.filter((o) => !o.disabled).map((o) => o.value);
            const count = values.filter((v) => chosen.has(v)).length;
            const state = count === 0 ? false : count === values.length ? true : 'indeterminate';
            const groupId = `${baseId}-${g}`;
            return (
              <div key={group.label} role="group" aria-labelledby={`${groupId}-label`} className="flex flex-col gap-2">
                <div className="flex items-center gap-2 border-b pb-1.5">
                  <Checkbox
                    id={`${groupId}-all`}
                    ref={g === 0 ? control.ref : undefined}
                    checked={state}
                    onCheckedChange={(on) => setMany(values, on === true)}
                    onBlur={control.onBlur}
                    disabled={disabled}
                    aria-label={FORM_TEXT.selectAllInGroup(group.label)}
                  />
                  <span id={`${groupId}-label`} className="text-sm font-semibold">
                    {group.label}
                  </span>
                </div>
                <div className="grid grid-cols-3 gap-x-4 gap-y-2">
                  {group.options.map((option, i) => (
                    <label key={option.value} htmlFor={`${groupId}-${i}`} className="flex min-w-0 items-center gap-2 text-sm">
                      <Checkbox
                        id={`${groupId}-${i}`}
                        checked={chosen.has(option.value)}
                        onCheckedChange={(on) => setMany([option.value], on === true)}
                        onBlur={control.onBlur}
                        disabled={disabled || option.disabled}
                      />
                      <span className="min-w-0">{option.label}</span>
                    </label>
                  ))}
                </div>
              </div>
            );
          })}
        </div>
      )}
    </FormField>
  );
}
