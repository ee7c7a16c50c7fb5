import { FIELD_MESSAGES, TemperatureRange, VehicleType, option } from '@logi/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderForm, SUBMIT } from '../../test/form-harness';
import { enumOptions } from './options';
import { FormRadio, radioColumns } from './radio';

const options = (n: number) => Array.from({ length: n }, (_, i) => ({ value: `V${i}`, label: `選択肢${i}` }));
const columnsOf = (name: string) => screen.getByRole('radiogroup', { name }).getAttribute('data-columns');

describe('radio columns', () => {
  it('uses one column per option up to four, four for five or more, unless columns are given', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => radioColumns(n))).toEqual([1, 2, 3, 4, 4, 4]);
    expect(radioColumns(7, 2)).toBe(2);
  });

  it('lays the options out on that grid', () => {
    renderForm(
      z.object({ a: z.string(), b: z.string(), c: z.string(), d: z.string() }),
      <>
        <FormRadio name="a" label="二択" options={options(2)} />
        <FormRadio name="b" label="三択" options={options(3)} />
        <FormRadio name="c" label="七択" options={options(7)} />
        <FormRadio name="d" label="七択二列" options={options(7)} columns={2} />
      </>,
    );
    expect(columnsOf('二択')).toBe('2');
    expect(screen.getByRole('radiogroup', { name: '二択' })).toHaveClass('grid-cols-2');
    expect(columnsOf('三択')).toBe('3');
    expect(columnsOf('七択')).toBe('4');
    expect(screen.getByRole('radiogroup', { name: '七択' })).toHaveClass('grid-cols-4');
    expect(columnsOf('七択二列')).toBe('2');
  });
});

describe('FormRadio', () => {
  it('submits the chosen option of a contract enumeration and says when none is chosen', async () => {
    const { user, submitted } = renderForm(
      z.object({ temperature: option(TemperatureRange.values) }),
      <FormRadio name="temperature" label="温度帯" required options={enumOptions(TemperatureRange)} />,
    );
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    const group = screen.getByRole('radiogroup', { name: /温度帯/ });
    await waitFor(() => expect(group).toHaveAttribute('aria-invalid', 'true'));
    expect(group).toHaveAccessibleDescription(FIELD_MESSAGES.required);

    await user.click(screen.getByRole('radio', { name: TemperatureRange.labels.FROZEN }));
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ temperature: 'FROZEN' }]));
  });

  it('cannot be changed when read-only', async () => {
    const { user, values } = renderForm(
      z.object({ vehicleType: option(VehicleType.values) }),
      <FormRadio name="vehicleType" label="車種" readOnly options={enumOptions(VehicleType)} />,
      { vehicleType: 'TWO_T_TRUCK' },
    );
    expect(screen.getByRole('radio', { name: '2t' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: '4t' }));
    expect(values().vehicleType).toBe('TWO_T_TRUCK');
  });
});
