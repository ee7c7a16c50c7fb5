import { FIELD_MESSAGES, FORM_TEXT } from '@logi/contract';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderForm, SUBMIT } from '../../test/form-harness';
import { FormGroupCheckbox } from './group-checkbox';
import { FormMultiCheckbox } from './multi-checkbox';
import { FormSingleCheckbox } from './single-checkbox';

describe('FormSingleCheckbox', () => {
  it('holds a boolean and shows the schema message under the box', async () => {
    const { user, submitted } = renderForm(
      z.object({ agreed: z.boolean().refine((v) => v, FIELD_MESSAGES.required) }),
      <FormSingleCheckbox name="agreed" label="利用規約" required text="利用規約に同意する" />,
      { agreed: false },
    );
    const box = screen.getByRole('checkbox', { name: '利用規約に同意する' });
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(box).toHaveAccessibleDescription(FIELD_MESSAGES.required));
    await user.click(screen.getByText('利用規約に同意する'));
    expect(box).toBeChecked();
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ agreed: true }]));
  });

  it('stays unchecked while disabled', async () => {
    const { user, values } = renderForm(
      z.object({ agreed: z.boolean() }),
      <FormSingleCheckbox name="agreed" text="確認しました" disabled />,
      { agreed: false },
    );
    await user.click(screen.getByRole('checkbox', { name: '確認しました' }));
    expect(values().agreed).toBe(false);
  });
});

describe('FormMultiCheckbox', () => {
  it('holds the chosen values in the order of the options', async () => {
    const { user, values } = renderForm(
      z.object({ days: z.array(z.string()) }),
      <FormMultiCheckbox
        name="days"
        label="曜日"
        options={[
          { value: 'MON', label: '月' },
          { value: 'TUE', label: '火' },
          { value: 'WED', label: '水' },
        ]}
      />,
      { days: [] },
    );
    expect(screen.getByRole('group', { name: '曜日' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: '水' }));
    await user.click(screen.getByRole('checkbox', { name: '月' }));
    expect(values().days).toEqual(['MON', 'WED']);
    await user.click(screen.getByRole('checkbox', { name: '水' }));
    expect(values().days).toEqual(['MON']);
  });
});

describe('FormGroupCheckbox', () => {
  const groups = [
    {
      label: '関東',
      options: [
        { value: '東京都', label: '東京都' },
        { value: '神奈川県', label: '神奈川県' },
        { value: '千葉県', label: '千葉県' },
        { value: '埼玉県', label: '埼玉県' },
      ],
    },
    { label: '近畿', options: [{ value: '大阪府', label: '大阪府' }] },
  ];

  it('lays each group out in 3 columns and chooses or clears a whole group at once', async () => {
    const { user, values } = renderForm(
      z.object({ pickupLocation: z.array(z.string()) }),
      <FormGroupCheckbox name="pickupLocation" label="集荷地" groups={groups} />,
      { pickupLocation: [] },
    );
    const kanto = screen.getByRole('group', { name: '関東' });
    expect(kanto.querySelector('.grid')).toHaveClass('grid-cols-3');

    await user.click(screen.getByRole('checkbox', { name: '千葉県' }));
    const all = screen.getByRole('checkbox', { name: FORM_TEXT.selectAllInGroup('関東') });
    expect(all).toBePartiallyChecked();

    await user.click(all);
    expect(values().pickupLocation).toEqual(['東京都', '神奈川県', '千葉県', '埼玉県']);
    expect(all).toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: '大阪府' }));
    await user.click(all);
    expect(values().pickupLocation).toEqual(['大阪府']);
  });
});
