/**
 * Postal code with address lookup (spec §5): NNN-NNNN; a complete code is looked up through
 * GET /locations and fills prefecture, city and town; any change of the code clears them first,
 * so an address never belongs to a code other than the one shown.
 */
import { CLIENT_MESSAGES, FORM_TEXT, locationRoutes, patterns, type TPostalAddress } from '@logi/contract';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useController, useWatch, type FieldValues } from 'react-hook-form';
import { useFormMethods } from './form';
import { api, ApiError } from '../../lib/api';
import type { ApiClient } from '../../lib/api-client';
import { Button } from '../ui/button';
import { Input } from '../ui/input';
import { FormField, type BaseFieldProps } from './form-field';

/**
 * The address of a postal code (and, for the few codes that name several, all of them);
 * null when there is none; throws when the lookup itself fails.
 */
export type PostalLookup = (
  postalCode: string,
  signal: AbortSignal,
) => Promise<(TPostalAddress & { addresses?: TPostalAddress[] }) | null>;

/** GET /locations?postalCode=… through an API client; its 404 means the code exists nowhere. */
export function postalLookupVia(client: Pick<ApiClient, 'call'>): PostalLookup {
  return async (postalCode, signal) => {
    try {
      return await client.call(locationRoutes.lookup, { query: { postalCode } }, { signal });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  };
}

const defaultLookup = postalLookupVia(api);

/** Full-width digits and dashes typed through an IME become ASCII; seven digits get their hyphen. */
export function normalizePostalCode(raw: string): string {
  const ascii = raw
    .replace(/[０-９]/g, (d) => String.fromCharCode(d.charCodeAt(0) - 0xfee0))
    .replace(/[－ー―‐−]/g, '-')
    .trim();
  return /^\d{7}$/.test(ascii) ? `${ascii.slice(0, 3)}-${ascii.slice(3)}` : ascii;
}

export interface AddressFieldNames {
  prefecture: string;
  city: string;
  town: string;
}

export interface FormPostalCodeProps<TValues extends FieldValues = FieldValues> extends BaseFieldProps<TValues> {
  /** The form fields the lookup fills; `prefecture`, `city`, `town` unless given. */
  addressFields?: AddressFieldNames;
  /** How to look a code up; GET /locations through the app's API client unless given. */
  lookup?: PostalLookup;
  placeholder?: string;
}

type Status = { text: string; tone: 'error' | 'status' } | undefined;

export function FormPostalCode<TValues extends FieldValues = FieldValues>({
  name,
  addressFields = { prefecture: 'prefecture', city: 'city', town: 'town' },
  lookup = defaultLookup,
  placeholder = FORM_TEXT.postalCodePlaceholder,
  description = FORM_TEXT.postalCodeHint,
  readOnly,
  ...field
}: FormPostalCodeProps<TValues>) {
  const { setValue, control: formControl } = useFormMethods();
  const [prefecture, city, town] = useWatch({
    control: formControl,
    name: [addressFields.prefecture, addressFields.city, addressFields.town],
  });
  const { field: control } = useController({ name });
  const [status, setStatus] = useState<Status>();
  /** The addresses of a code that names several (260-0822: 蘇我 and 蘇我町); the first is filled in. */
  const [choices, setChoices] = useState<TPostalAddress[]>([]);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => () => inFlight.current?.abort(), []);

  const fill = (address: TPostalAddress | null) => {
    for (const key of ['prefecture', 'city', 'town'] as const) {
      setValue(addressFields[key], address?.[key] ?? '', { shouldDirty: true, shouldValidate: address !== null });
    }
  };

  const search = async (code: string) => {
    const controller = new AbortController();
    inFlight.current = controller;
    setStatus({ text: FORM_TEXT.postalCodeSearching, tone: 'status' });
    try {
      const address = await lookup(code, controller.signal);
      if (controller.signal.aborted) return;
      if (address) {
        fill(address);
        setStatus(undefined);
        setChoices(address.addresses && address.addresses.length > 1 ? address.addresses : []);
      } else {
        setStatus({ text: CLIENT_MESSAGES.postalCodeNotFound, tone: 'error' });
      }
    } catch {
      if (!controller.signal.aborted) setStatus({ text: CLIENT_MESSAGES.postalCodeFetchFailed, tone: 'error' });
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const code = normalizePostalCode(event.target.value);
    const changed = code !== (control.value ?? '');
    control.onChange(code);
    if (!changed) return;
    // A new code: the old address and any lookup still running belong to the old one.
    inFlight.current?.abort();
    inFlight.current = null;
    setStatus(undefined);
    setChoices([]);
    fill(null);
    if (patterns.POSTAL_CODE.test(code)) void search(code);
  };

  const onBlur = () => {
    control.onBlur();
    const code = String(control.value ?? '');
    if (code !== '' && !patterns.POSTAL_CODE.test(code)) setStatus({ text: CLIENT_MESSAGES.postalCodeInvalid, tone: 'error' });
  };

  return (
    <FormField name={name} readOnly={readOnly} description={description} message={status} {...field}>
      {(ids) => (
        <>
          <Input
            {...ids}
            ref={control.ref}
            name={control.name}
            value={control.value ?? ''}
            onChange={onChange}
            onBlur={onBlur}
            readOnly={readOnly}
            disabled={control.disabled}
            placeholder={placeholder}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={8}
            className="max-w-40"
          />
          {choices.length > 1 && (
            <div role="group" aria-label={FORM_TEXT.postalCodeChoose} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="text-muted-foreground">{FORM_TEXT.postalCodeChoose}</span>
              {choices.map((choice) => {
                const chosen = choice.prefecture === prefecture && choice.city === city && choice.town === town;
                return (
                  <Button
                    key={`${choice.city}/${choice.town}`}
                    type="button"
                    size="sm"
                    variant={chosen ? 'default' : 'outline'}
                    aria-pressed={chosen}
                    onClick={() => fill(choice)}
                  >
                    {`${choice.city}${choice.town}`}
                  </Button>
                );
              })}
            </div>
          )}
        </>
      )}
    </FormField>
  );
}
