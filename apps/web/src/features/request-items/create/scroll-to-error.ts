/**
 * After a submit that the schema refused, bring the first error into view. react-hook-form
 * focuses the first invalid control it holds a ref to, but a message of a whole list (no
 * pickup stop) or a custom control has none: this scrolls to whatever error comes first on
 * the page.
 */
import { useEffect, type RefObject } from 'react';
import { useFormState, type Control, type FieldValues } from 'react-hook-form';

/** Its own subscription (useFormState), so the component holding the form re-renders for none of it. */
export function useScrollToFirstError<T extends FieldValues, TOutput>(
  container: RefObject<HTMLElement | null>,
  control: Control<T, unknown, TOutput>,
) {
  const { submitCount, isSubmitSuccessful, errors } = useFormState({ control });
  const hasErrors = Object.keys(errors).length > 0;
  useEffect(() => {
    if (submitCount === 0 || isSubmitSuccessful || !hasErrors) return;
    const first = container.current?.querySelector('[aria-invalid="true"], [data-form-error]');
    first?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    // Only on a new submit, not on every keystroke that changes the errors.
  }, [submitCount]);
}
