import { FORM_TEXT, timeRange } from '@logi/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderForm, SUBMIT } from '../../test/form-harness';
import { formatTimeRange, orderTimeRange, parseTimeRange, timeOptions } from './time';
import { FormTimeRangePicker } from './time-range-picker';

const schema = z.object({ pickupTime: timeRange() });

const startBox = () => screen.getByRole('combobox', { name: /開始時刻/ });
const endBox = () => screen.getByRole('combobox', { name: /終了時刻/ });

describe('time range helpers', () => {
  it('lists the times of a day in the given minute step', () => {
    expect(timeOptions(30)).toHaveLength(48);
    expect(timeOptions(15).slice(0, 3)).toEqual(['00:00', '00:15', '00:30']);
    expect(timeOptions(60).at(-1)).toBe('23:00');
  });

  it('swaps a start later than the end, and reads anything malformed as the default 09:00-17:00', () => {
    expect(orderTimeRange({ start: '18:00', end: '09:30' })).toEqual({ start: '09:30', end: '18:00' });
    expect(formatTimeRange({ start: '23:00', end: '01:00' })).toBe('01:00-23:00');
    expect(parseTimeRange('8:00-9:00')).toEqual({ start: '09:00', end: '17:00' });
    expect(parseTimeRange('08:00-09:00')).toEqual({ start: '08:00', end: '09:00' });
  });
});

describe('FormTimeRangePicker', () => {
  it('starts an empty field at business hours, 09:00-17:00, followed by に集荷, and submits that', async () => {
    const { user, submitted } = renderForm(schema, <FormTimeRangePicker name="pickupTime" label="集荷時間" required />);
    // Not 00:00〜22:00, a window no pickup has (decision 086).
    expect(startBox()).toHaveTextContent('09:00');
    expect(endBox()).toHaveTextContent('17:00');
    expect(screen.getByText(FORM_TEXT.pickupSuffix)).toBeInTheDocument();
    // Named by its label, which says 必須; a group may not carry aria-required (axe aria-allowed-attr).
    const group = screen.getByRole('group', { name: /集荷時間.*必須/ });
    expect(group).not.toHaveAttribute('aria-required');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ pickupTime: '09:00-17:00' }]));
  });

  it('swaps the times when the chosen start is later than the end', async () => {
    const { user, values } = renderForm(schema, <FormTimeRangePicker name="pickupTime" label="集荷時間" minuteStep={60} />, {
      pickupTime: '09:00-12:00',
    });
    await user.click(startBox());
    await user.click(screen.getByRole('option', { name: '15:00' }));
    expect(values().pickupTime).toBe('12:00-15:00');
    expect(startBox()).toHaveTextContent('12:00');
    expect(endBox()).toHaveTextContent('15:00');

    await user.click(endBox());
    await user.click(screen.getByRole('option', { name: '10:00' }));
    expect(values().pickupTime).toBe('10:00-12:00');
  });

  it('lists times in the given minute step in a list at most 200 px high, and takes another suffix', async () => {
    const { user } = renderForm(
      schema,
      <FormTimeRangePicker name="pickupTime" label="配達時間" minuteStep={60} suffix="に配達" />,
    );
    expect(screen.getByText('に配達')).toBeInTheDocument();
    expect(screen.queryByText(FORM_TEXT.pickupSuffix)).not.toBeInTheDocument();
    await user.click(endBox());
    const list = screen.getByRole('listbox');
    expect(within(list).getAllByRole('option')).toHaveLength(24);
    expect(within(list).getByRole('option', { name: '07:00' })).toBeInTheDocument();
    expect(list.querySelector('[data-radix-select-viewport]')).toHaveStyle({ maxHeight: '200px' });
  });
});
