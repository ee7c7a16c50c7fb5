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

    // The calendar is its own chunk: the popover shows it once loaded.
    const calendar = await screen.findByRole('dialog');
    expect(await screen.findByRole('grid', { name: '2026年11月' })).toBeInTheDocument();
    expect(calendar).toHaveTextContent('2026年11月');
    expect(screen.getByRole('button', { name: '次の月へ' })).toBeInTheDocument();
    expect(calendar).toHaveTextContent('日月火水木金土');

    await user.click(screen.getByRole('button', { name: /2026年11月25日/ }));
    expect(values().pickupDate).toBe('2026-11-25');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /集荷日/ })).toHaveTextContent('2026年11月25日');
  });

  it('colours Sundays and public holidays red and Saturdays blue, and names each holiday', async () => {
    const { user } = renderForm(schema, <FormDatePicker name="pickupDate" label="集荷日" />, { pickupDate: '2026-11-10' });
    await user.click(screen.getByRole('button', { name: /集荷日/ }));
    // 2026-11-03 文化の日 (a Tuesday) and 11-23 勤労感謝の日 (a Monday), from @holiday-jp/holiday_jp.
    const culture = await screen.findByRole('button', { name: /2026年11月03日\(火\).*文化の日/ });
    expect(culture.closest('td')).toHaveClass('text-sunday');
    expect(screen.getByRole('button', { name: /2026年11月23日.*勤労感謝の日/ }).closest('td')).toHaveClass('text-sunday');
    expect(screen.getByRole('button', { name: /^2026年11月08日\(日\)$/ }).closest('td')).toHaveClass('text-sunday');
    expect(screen.getByRole('button', { name: /^2026年11月07日\(土\)$/ }).closest('td')).toHaveClass('text-saturday');
    const weekday = screen.getByRole('button', { name: /^2026年11月04日\(水\)$/ }).closest('td');
    expect(weekday).not.toHaveClass('text-sunday');
    expect(weekday).not.toHaveClass('text-saturday');
    const list = screen.getByRole('region', { name: FORM_TEXT.holidaysOfMonth });
    expect(list).toHaveTextContent('3日（火） 文化の日');
    expect(list).toHaveTextContent('23日（月） 勤労感謝の日');

    // The next month lists its own: none in December.
    await user.click(screen.getByRole('button', { name: '次の月へ' }));
    expect(await screen.findByText('2026年12月')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: FORM_TEXT.holidaysOfMonth })).not.toBeInTheDocument();
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
