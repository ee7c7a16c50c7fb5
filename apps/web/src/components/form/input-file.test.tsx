import { CLIENT_MESSAGES, FIELD_MESSAGES, FORM_TEXT, fileIdList, uuid } from '@logi/contract';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderForm, SUBMIT } from '../../test/form-harness';
import { useFormBusy } from './form';
import { FormInputFile, type UploadFiles } from './input-file';

const png = (name: string) => new File(['png'], name, { type: 'image/png' });
const id = (n: number) => `0190f5a0-0000-7000-8000-00000000000${n}`;

/** An upload the test finishes when it wants, answering ids in order. */
function controlledUpload() {
  const calls: File[][] = [];
  let settle: { resolve: () => void; reject: () => void } | undefined;
  let report: Parameters<UploadFiles>[2];
  let next = 1;
  const upload: UploadFiles = (files, _signal, onProgress) => {
    calls.push(files);
    report = onProgress;
    return new Promise((resolve, reject) => {
      settle = { resolve: () => resolve(files.map(() => id(next++))), reject: () => reject(new Error('upload failed')) };
    });
  };
  return {
    upload,
    calls,
    progress: (loaded: number[]) => report?.(loaded.map((n, i) => ({ loaded: n, total: calls.at(-1)![i]!.size }))),
    finish: () => settle!.resolve(),
    fail: () => settle!.reject(),
  };
}

/** What a submit button reads to show its loading state. */
function BusyProbe() {
  return <output>{useFormBusy() ? 'busy' : 'idle'}</output>;
}

const fileInput = () => screen.getByLabelText(/画像/, { selector: 'input' });

describe('FormInputFile', () => {
  it('refuses more than 5 files with ファイルは最大5個までアップロード可能です。 and sends nothing', async () => {
    const uploads = controlledUpload();
    const { user } = renderForm(
      z.object({ imageIds: fileIdList() }),
      <FormInputFile name="imageIds" label="画像" multiple kinds={['IMAGE']} upload={uploads.upload} />,
      { imageIds: [] },
    );
    await user.upload(
      fileInput(),
      [1, 2, 3, 4, 5, 6].map((n) => png(`${n}.png`)),
    );
    expect(screen.getByText(CLIENT_MESSAGES.tooManyFiles(5))).toBeInTheDocument();
    expect(uploads.calls).toHaveLength(0);
  });

  it('counts the files already held against the limit', async () => {
    const uploads = controlledUpload();
    const { user } = renderForm(
      z.object({ imageIds: fileIdList(3) }),
      <FormInputFile name="imageIds" label="画像" multiple maxFiles={3} upload={uploads.upload} />,
      { imageIds: [id(8), id(9)] },
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await user.upload(fileInput(), [png('a.png'), png('b.png')]);
    expect(screen.getByText(CLIENT_MESSAGES.tooManyFiles(3))).toBeInTheDocument();
    expect(uploads.calls).toHaveLength(0);
  });

  it('says it is uploading and holds the submit until done, then holds the ids of every file', async () => {
    const uploads = controlledUpload();
    const { user, submitted, values } = renderForm(
      z.object({ imageIds: fileIdList() }),
      <>
        <FormInputFile name="imageIds" label="画像" multiple upload={uploads.upload} />
        <BusyProbe />
      </>,
      { imageIds: [] },
    );
    expect(screen.getByRole('status')).toHaveTextContent('idle');
    await user.upload(fileInput(), [png('front.png'), png('back.png')]);
    expect(screen.getByText(CLIENT_MESSAGES.uploading)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('busy');
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(submitted).toHaveLength(0);

    uploads.finish();
    await waitFor(() => expect(screen.queryByText(CLIENT_MESSAGES.uploading)).not.toBeInTheDocument());
    expect(values().imageIds).toEqual([id(1), id(2)]);
    expect(screen.getByRole('status')).toHaveTextContent('idle');
    expect(screen.getByText('front.png')).toBeInTheDocument();

    await user.upload(fileInput(), [png('side.png')]);
    uploads.finish();
    await waitFor(() => expect(values().imageIds).toEqual([id(1), id(2), id(3)]));

    await user.click(screen.getByRole('button', { name: FORM_TEXT.removeFile('back.png') }));
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ imageIds: [id(1), id(3)] }]));
  });

  it('holds a single id when not multiple, replacing the previous file', async () => {
    const uploads = controlledUpload();
    const { user, values } = renderForm(
      z.object({ receiptId: uuid() }),
      <FormInputFile name="receiptId" label="画像（受領書）" upload={uploads.upload} />,
    );
    expect(fileInput()).not.toHaveAttribute('multiple');
    await user.upload(fileInput(), png('receipt.png'));
    uploads.finish();
    await waitFor(() => expect(values().receiptId).toBe(id(1)));
    await user.upload(fileInput(), png('receipt-2.png'));
    uploads.finish();
    await waitFor(() => expect(values().receiptId).toBe(id(2)));
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });

  it('says ファイルのアップロードに失敗しました when the upload fails, and keeps nothing', async () => {
    const uploads = controlledUpload();
    const { user, values } = renderForm(
      z.object({ imageIds: fileIdList() }),
      <FormInputFile name="imageIds" label="画像" multiple upload={uploads.upload} />,
      { imageIds: [] },
    );
    await user.upload(fileInput(), png('a.png'));
    uploads.fail();
    expect(await screen.findByText(CLIENT_MESSAGES.uploadFailed)).toHaveClass('text-destructive');
    expect(values().imageIds).toEqual([]);
  });

  it('refuses a file of a kind the field does not take', async () => {
    const uploads = controlledUpload();
    renderForm(
      z.object({ imageIds: fileIdList() }),
      <FormInputFile name="imageIds" label="画像" multiple kinds={['IMAGE']} upload={uploads.upload} />,
      { imageIds: [] },
    );
    expect(fileInput()).toHaveAttribute('accept', '.jpg,.jpeg,.png,.gif,.webp');
    // A picker honours `accept`, but "all files" in the dialog or another browser may not: the field checks again.
    const careless = userEvent.setup({ applyAccept: false });
    await careless.upload(fileInput(), new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' }));
    expect(screen.getByText(FIELD_MESSAGES.fileTypeNotAllowed)).toBeInTheDocument();
    expect(uploads.calls).toHaveLength(0);
  });

  it('shows a progress bar per file while sending', async () => {
    const uploads = controlledUpload();
    const { user } = renderForm(
      z.object({ imageIds: fileIdList() }),
      <FormInputFile name="imageIds" label="画像" multiple upload={uploads.upload} />,
      { imageIds: [] },
    );
    await user.upload(fileInput(), [new File(['0123456789'], 'front.png', { type: 'image/png' }), png('back.png')]);
    const front = screen.getByRole('progressbar', { name: FORM_TEXT.uploadProgress('front.png') });
    const back = screen.getByRole('progressbar', { name: FORM_TEXT.uploadProgress('back.png') });
    expect(front).toHaveAttribute('value', '0');
    act(() => uploads.progress([4, 3]));
    expect(front).toHaveAttribute('value', '40');
    expect(back).toHaveAttribute('value', '100');
    uploads.finish();
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByText('front.png')).toBeInTheDocument();
  });
});
