/**
 * Renders form fields inside a real Form bound to a zod schema, as a screen would, and
 * records what a submit hands over.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Form, useZodForm } from '../components/form/form';

export const SUBMIT = 'submit';

export function renderForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  fields: ReactNode,
  defaultValues?: Partial<z.input<S>>,
) {
  const submitted: z.output<S>[] = [];
  const ref: { form?: UseFormReturn<z.input<S>, unknown, z.output<S>> } = {};

  function Harness() {
    const form = useZodForm(schema, { defaultValues: defaultValues as DefaultValues<z.input<S>> });
    ref.form = form;
    return (
      <Form form={form} onSubmit={(values) => void submitted.push(values)} aria-label="form">
        {fields}
        <button type="submit">{SUBMIT}</button>
      </Form>
    );
  }

  // The default delay yields to the event loop after each action, so the form's async
  // validation has rendered before a test looks.
  const user = userEvent.setup();
  const view = render(<Harness />);
  return {
    ...view,
    user,
    submitted,
    values: () => ref.form!.getValues(),
    form: () => ref.form!,
  };
}
