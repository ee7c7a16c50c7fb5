import { FIELD_MESSAGES, FORM_TEXT, VehicleType, option } from '@logi/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderForm, SUBMIT } from '../../test/form-harness';
import { enumOptions } from './options';
import { FormSelect } from './select';

const schema = z.object({ vehicleType: option(VehicleType.values) });

describe('FormSelect', () => {
  it('shows the placeholder, then submits the chosen option', async () => {
    const { user, submitted } = renderForm(
      schema,
      <FormSelect name="vehicleType" label="車種" required options={enumOptions(VehicleType)} />,
    );
    const box = screen.getByRole('combobox', { name: /車種/ });
    expect(box).toHaveTextContent(FORM_TEXT.selectPlaceholder);

    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(box).toHaveAccessibleDescription(FIELD_MESSAGES.required));

    await user.click(box);
    await user.click(screen.getByRole('option', { name: VehicleType.labels.COOL_TRUCK }));
    expect(box).toHaveTextContent(VehicleType.labels.COOL_TRUCK);
    await waitFor(() => expect(box).not.toHaveAttribute('aria-invalid'));
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ vehicleType: 'COOL_TRUCK' }]));
  });

  it('cannot be opened when read-only', () => {
    renderForm(schema, <FormSelect name="vehicleType" label="車種" readOnly options={enumOptions(VehicleType)} />, {
      vehicleType: 'TEN_T_TRUCK',
    });
    const box = screen.getByRole('combobox', { name: /車種/ });
    expect(box).toBeDisabled();
    expect(box).toHaveTextContent('10t');
  });
});
