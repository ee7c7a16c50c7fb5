import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UpdatePasswordPage } from './my-page';

describe('UpdatePasswordPage', () => {
  it('re-checks the confirmation when the new password changes: a stale mismatch goes once they match', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <UpdatePasswordPage />
      </MemoryRouter>,
    );
    const newPassword = screen.getByLabelText(/^新しいパスワード(?!（確認）)/);
    await user.type(newPassword, 'Passw0rd!x');
    await user.type(screen.getByLabelText(/^新しいパスワード（確認）/), 'Passw0rd!');
    await user.tab();
    expect(await screen.findByText('パスワードが一致しません。')).toBeInTheDocument();

    await user.clear(newPassword);
    await user.type(newPassword, 'Passw0rd!');
    await expect.poll(() => screen.queryByText('パスワードが一致しません。')).toBeNull();
  });
});
