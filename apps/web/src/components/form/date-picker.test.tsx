import { FIELD_MESSAGES, FORM_TEXT } from '@logi/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderForm, SUBMIT } from '../../test/form-harness';
import { FormDatePicker, parseDateValue } from './date-picker';

const schema = z.object({
  pickupDate: z.string({ error: FIELD_MESSAGES.required }).regex(/^\d{4}-\d{2}-\d{2}$/, FIELD_MESSAGES.date),
});

describe('FormDatePicker', () => {
  it('opens a Japanese calendar in a popover and holds the chosen day as yyyy-MM-dd', async () => {
    const { user, values } = renderForm(schema, <FormDatePicker name="pickupDate" label="集荷日" required />, {
      pickupDate: '2026-11-23',
    });
    const trigger = screen.getByRole('button', { name: /集荷日.*2026年11月23日/ });
    await user.click(trigger);

    const calendar = await screen.findByRole('dialog');
    expect(calendar).toHaveTextContent('2026年11月');
    expect(screen.getByRole('button', { name: '次の月へ' })).toBeInTheDocument();
    expect(calendar).toHaveTextContent('日月火水木金土');

    await user.click(screen.getByRole('button', { name: /2026年11月25日/ }));
    expect(values().pickupDate).toBe('2026-11-25');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /集荷日/ })).toHaveTextContent('2026年11月25日');
  });

  it('shows the placeholder and the required message when no day is chosen', async () => {
    const { user, submitted } = renderForm(schema, <FormDatePicker name="pickupDate" label="集荷日" required />);
    const trigger = screen.getByRole('button', { name: new RegExp(FORM_TEXT.datePlaceholder) });
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(trigger).toHaveAttribute('aria-invalid', 'true'));
    expect(trigger).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    expect(submitted).toHaveLength(0);
  });

  it('does not offer days outside min and max', async () => {
    const { user } = renderForm(schema, <FormDatePicker name="pickupDate" label="集荷日" min="2026-11-23" max="2026-11-28" />, {
      pickupDate: '2026-11-24',
    });
    await user.click(screen.getByRole('button', { name: /集荷日/ }));
    expect(await screen.findByRole('button', { name: /2026年11月22日/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /2026年11月23日/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /2026年11月28日/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /2026年11月29日/ })).toBeDisabled();
  });

  it('reads only real calendar days', () => {
    expect(parseDateValue('2026-02-30')).toBeUndefined();
    expect(parseDateValue('2026/11/23')).toBeUndefined();
    expect(parseDateValue('2026-11-23')?.getDate()).toBe(23);
  });
});
