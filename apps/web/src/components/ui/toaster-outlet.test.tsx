import { render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { toast } from '../../lib/toast';
import { Form, useZodForm } from '../form/form';
import { Dialog, DialogContent, DialogTitle } from './dialog';
import ToasterOutlet from './toaster-outlet';

/** Where sonner lays the toasts out: the list's data-x/y-position (jsdom applies no CSS). */
async function toastPlace() {
  const list = await waitFor(() => {
    const found = document.querySelector('[data-sonner-toaster]');
    if (!found) throw new Error('no toast shown');
    return found;
  });
  return `${list.getAttribute('data-y-position')}-${list.getAttribute('data-x-position')}`;
}

function ReportForm() {
  const form = useZodForm(z.object({ note: z.string() }), { defaultValues: { note: '' } });
  return (
    <Form form={form} onSubmit={() => undefined} aria-label="完了報告">
      <button type="submit">完了報告を送信</button>
    </Form>
  );
}

/** A page that shows a form, a dialog or neither, as the test says. */
function Page() {
  const [shown, setShown] = useState<'none' | 'form' | 'dialog'>('none');
  return (
    <>
      <ToasterOutlet />
      <button onClick={() => setShown('form')}>form</button>
      <button onClick={() => setShown('dialog')}>dialog</button>
      <button onClick={() => setShown('none')}>none</button>
      {shown === 'form' && <ReportForm />}
      <Dialog open={shown === 'dialog'}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>確認</DialogTitle>
        </DialogContent>
      </Dialog>
    </>
  );
}

describe('ToasterOutlet', () => {
  it('keeps toasts at the bottom right, and at the top while a form or a dialog (actions at their bottom) is shown', async () => {
    render(<Page />);
    toast.success('ファイルのアップロードに成功しました');
    await screen.findByText('ファイルのアップロードに成功しました');
    expect(await toastPlace()).toBe('bottom-right');

    screen.getByRole('button', { name: 'form' }).click();
    await screen.findByRole('button', { name: '完了報告を送信' });
    await waitFor(async () => expect(await toastPlace()).toBe('top-center'));

    screen.getByRole('button', { name: 'none' }).click();
    await waitFor(async () => expect(await toastPlace()).toBe('bottom-right'));

    screen.getByRole('button', { name: 'dialog' }).click();
    await screen.findByRole('dialog', { name: '確認' });
    await waitFor(async () => expect(await toastPlace()).toBe('top-center'));
  });
});
