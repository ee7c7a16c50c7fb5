import { FORM_TEXT, password } from '@logi/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderForm } from '../../test/form-harness';
import { FormInputPassword } from './input-password';

describe('FormInputPassword', () => {
  it('hides the password until the eye button shows it, and hides it again', async () => {
    const { user, values } = renderForm(
      z.object({ password: password() }),
      <FormInputPassword name="password" label="パスワード" required autoComplete="new-password" />,
    );
    const input = screen.getByLabelText(/^パスワード/, { selector: 'input' });
    await user.type(input, 'Secret#123');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'new-password');

    await user.click(screen.getByRole('button', { name: FORM_TEXT.showPassword }));
    expect(input).toHaveAttribute('type', 'text');
    expect(input).toHaveValue('Secret#123');

    await user.click(screen.getByRole('button', { name: FORM_TEXT.hidePassword }));
    expect(input).toHaveAttribute('type', 'password');
    expect(values().password).toBe('Secret#123');
  });
});
