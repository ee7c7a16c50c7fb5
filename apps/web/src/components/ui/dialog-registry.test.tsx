/** Dialogs opened by id give focus back to the control that opened them (issue 43 item 20). */
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ConfirmDialog } from './confirm-dialog';
import { DialogProvider, type RegisteredDialogProps, useDialog } from './dialog-registry';

function LogOut(props: RegisteredDialogProps) {
  return (
    <ConfirmDialog
      {...props}
      title="ログアウト"
      description="よろしいですか？"
      confirmLabel="ログアウト"
      pending={false}
      onConfirm={props.close}
    />
  );
}

function Opener() {
  const dialog = useDialog();
  return (
    <>
      <button type="button">ほかのボタン</button>
      <button type="button" onClick={() => dialog.open('log-out')}>
        開く
      </button>
    </>
  );
}

describe('DialogProvider', () => {
  it.each([
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    [
      'its close button',
      (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: '閉じる' })),
    ],
    [
      'its cancel button',
      (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'キャンセル' })),
    ],
  ])('closed with %s, focus returns to the control that opened it', async (_, closeIt) => {
    const user = userEvent.setup();
    render(
      <DialogProvider registry={{ 'log-out': LogOut }}>
        <Opener />
      </DialogProvider>,
    );
    await user.click(screen.getByRole('button', { name: '開く' }));
    expect(await screen.findByRole('dialog', { name: 'ログアウト' })).toBeInTheDocument();
    await closeIt(user);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: '開く' })).toHaveFocus());
  });
});
