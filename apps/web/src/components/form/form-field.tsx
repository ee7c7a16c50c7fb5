/**
 * The frame every form field kind shares (spec §2): label with the 必須 tag, a span of the
 * 12-column form grid, an optional hint and the error in red under the control. It hands the
 * control the ids that tie label, hint and error to it, so every control is labelled.
 */
import { FORM_TEXT } from '@logi/contract';
import { useId, type ReactNode } from 'react';
import { get, useFormState, type FieldValues, type FieldPath } from 'react-hook-form';
import { cn } from '../../lib/cn';

/** Columns of the 12-column form grid a field takes from the `md` breakpoint; phones always use 12. */
export type FieldSpan = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

// Whole class names so Tailwind finds them in the source.
const SPAN_CLASS: Record<FieldSpan, string> = {
  1: 'md:col-span-1',
  2: 'md:col-span-2',
  3: 'md:col-span-3',
  4: 'md:col-span-4',
  5: 'md:col-span-5',
  6: 'md:col-span-6',
  7: 'md:col-span-7',
  8: 'md:col-span-8',
  9: 'md:col-span-9',
  10: 'md:col-span-10',
  11: 'md:col-span-11',
  12: 'md:col-span-12',
};

/** What every field kind accepts besides its own props. */
export interface BaseFieldProps<TValues extends FieldValues = FieldValues> {
  name: FieldPath<TValues>;
  label?: ReactNode;
  /** Shows the 必須 tag and marks the control aria-required; the schema does the checking. */
  required?: boolean;
  span?: FieldSpan;
  readOnly?: boolean;
  /** A hint under the control (above its error), read out with the control. */
  description?: ReactNode;
  className?: string;
}

/** The attributes a control spreads to be labelled and described. */
export interface FieldControl {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

/** The attributes for a plain role="group": it may not carry aria-required (axe aria-allowed-attr); its label already says 必須. */
export function groupControl({ 'aria-required': _required, ...aria }: FieldControl): Omit<FieldControl, 'aria-required'> {
  return aria;
}

interface FormFieldProps extends Omit<BaseFieldProps, 'name'> {
  name: string;
  /** The label names a group of controls (radios, checkboxes) rather than one input. */
  group?: boolean;
  /**
   * A message of the field itself (uploading, postal code lookup) shown when the schema
   * reports nothing; `status` shows it in the neutral colour rather than red.
   */
  message?: { text: string; tone: 'error' | 'status' };
  /** Renders the control; `labelId` names a group of controls (aria-labelledby). */
  children: (control: FieldControl, labelId: string) => ReactNode;
}

/** The schema's message for `name`: a plain field, or the root of an array field. */
function errorMessage(errors: FieldValues, name: string): string | undefined {
  const error: { message?: unknown; root?: { message?: unknown } } | undefined = get(errors, name);
  const message = error?.message ?? error?.root?.message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}

export function FormField({
  name,
  label,
  required,
  span = 12,
  description,
  group,
  message,
  className,
  children,
}: FormFieldProps) {
  const id = useId();
  const { errors } = useFormState({ name });
  const schemaError = errorMessage(errors, name);
  const shown = schemaError ? { text: schemaError, tone: 'error' as const } : message;

  const labelId = `${id}-label`;
  const descriptionId = description ? `${id}-description` : undefined;
  const messageId = shown ? `${id}-message` : undefined;
  const describedBy = [descriptionId, messageId].filter(Boolean).join(' ') || undefined;
  const invalid = shown?.tone === 'error';

  const control: FieldControl = {
    id,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(invalid ? { 'aria-invalid': true as const } : {}),
    ...(required ? { 'aria-required': true as const } : {}),
  };

  const labelContent = label ? (
    <>
      <span>{label}</span>
      {required && (
        <span className="shrink-0 rounded-sm bg-destructive px-1.5 py-0.5 text-[0.6875rem] leading-none font-bold whitespace-nowrap text-destructive-foreground">
          {FORM_TEXT.requiredTag}
        </span>
      )}
    </>
  ) : null;
  // A label too long for its column wraps, and 必須 follows it whole (never squeezed into two lines).
  const labelClass = 'flex flex-wrap items-center gap-x-2 gap-y-1 text-sm font-semibold text-foreground';

  return (
    <div className={cn('col-span-12 flex min-w-0 flex-col gap-1.5', SPAN_CLASS[span], className)} data-field={name}>
      {labelContent &&
        (group ? (
          <span id={labelId} className={labelClass}>
            {labelContent}
          </span>
        ) : (
          <label id={labelId} htmlFor={id} className={labelClass}>
            {labelContent}
          </label>
        ))}
      {children(control, labelId)}
      {/* Under the control, not the label: the controls of one grid row then line up whether or not a field has a hint. */}
      {description && (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      )}
      {shown && (
        <p id={messageId} className={cn('text-sm', shown.tone === 'error' ? 'text-destructive' : 'text-muted-foreground')}>
          {shown.text}
        </p>
      )}
    </div>
  );
}
