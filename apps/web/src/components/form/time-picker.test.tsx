import { time } from '@logi/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderForm } from '../../test/form-harness';
import { FormTimePicker, TIME_LIST_MAX_HEIGHT } from './time-picker';

describe('FormTimePicker', () => {
  it('lists the times of the minute step in a list at most 200 px high and holds HH:MM', async () => {
    const { user, values } = renderForm(z.object({ at: time() }), <FormTimePicker name="at" label="集荷時刻" minuteStep={60} />);
    await user.click(screen.getByRole('combobox', { name: '集荷時刻' }));
    const list = screen.getByRole('listbox');
    expect(TIME_LIST_MAX_HEIGHT).toBe(200);
    expect(list.querySelector('[data-radix-select-viewport]')).toHaveStyle({ maxHeight: '200px' });
    expect(within(list).getAllByRole('option')).toHaveLength(24);
    await user.click(within(list).getByRole('option', { name: '08:00' }));
    expect(values().at).toBe('08:00');
  });

  it('keeps showing a held time that is off the steps', async () => {
    const { user } = renderForm(z.object({ at: time() }), <FormTimePicker name="at" label="集荷時刻" minuteStep={30} />, {
      at: '09:15',
    });
    const box = screen.getByRole('combobox', { name: '集荷時刻' });
    expect(box).toHaveTextContent('09:15');
    await user.click(box);
    const names = within(screen.getByRole('listbox'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names.slice(18, 21)).toEqual(['09:00', '09:15', '09:30']);
  });
});
