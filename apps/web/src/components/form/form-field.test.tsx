import { FIELD_MESSAGES, FORM_TEXT, email, optionalText, text } from '@logi/contract';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { renderForm, SUBMIT } from '../../test/form-harness';
import { applyFieldErrors } from './form';
import { FormInput } from './input';
import { FormTextArea } from './text-area';

const schema = z.object({ companyName: text(), email: email(), note: optionalText() });

function renderCompanyForm() {
  return renderForm(
    schema,
    <>
      <FormInput name="companyName" label="会社名" required span={6} />
      <FormInput name="email" label="メールアドレス" type="email" required span={6} />
      <FormTextArea name="note" label="備考" />
    </>,
  );
}

describe('FormField', () => {
  it('labels every control and tags required ones with 必須', () => {
    renderCompanyForm();
    const company = screen.getByRole('textbox', { name: new RegExp(`^会社名\\s*${FORM_TEXT.requiredTag}$`) });
    expect(company).toHaveAttribute('aria-required', 'true');
    expect(screen.getByRole('textbox', { name: '備考' })).not.toHaveAttribute('aria-required');
    expect(screen.getAllByText(FORM_TEXT.requiredTag)).toHaveLength(2);
  });

  it('spans the given columns of the 12-column grid from the md breakpoint, the whole row on phones', () => {
    renderCompanyForm();
    expect(screen.getByRole('form')).toHaveClass('grid-cols-12');
    const frame = screen.getByLabelText(/会社名/).closest('[data-field]');
    expect(frame).toHaveClass('col-span-12', 'md:col-span-6');
    expect(screen.getByLabelText('備考').closest('[data-field]')).toHaveClass('md:col-span-12');
  });

  it("shows the schema's Japanese message in red under the field and submits nothing", async () => {
    const { user, submitted } = renderCompanyForm();
    await user.type(screen.getByLabelText(/メールアドレス/), 'not-an-address');
    await user.click(screen.getByRole('button', { name: SUBMIT }));

    const company = screen.getByLabelText(/会社名/);
    await waitFor(() => expect(company).toHaveAttribute('aria-invalid', 'true'));
    expect(company).toHaveAccessibleDescription(FIELD_MESSAGES.required);
    expect(screen.getByText(FIELD_MESSAGES.required)).toHaveClass('text-destructive');
    expect(screen.getByLabelText(/メールアドレス/)).toHaveAccessibleDescription(FIELD_MESSAGES.email);
    expect(screen.getByLabelText('備考')).not.toHaveAttribute('aria-invalid');
    expect(submitted).toHaveLength(0);
  });

  it('clears the error once the value is right and hands the parsed values to the submit handler', async () => {
    const { user, submitted } = renderCompanyForm();
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    expect(await screen.findAllByText(FIELD_MESSAGES.required)).toHaveLength(2);
    await user.type(screen.getByLabelText(/会社名/), '  ロジ株式会社 ');
    await user.type(screen.getByLabelText(/メールアドレス/), 'Info@Example.com');
    await waitFor(() => expect(screen.queryByText(FIELD_MESSAGES.required)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: SUBMIT }));
    await waitFor(() => expect(submitted).toEqual([{ companyName: 'ロジ株式会社', email: 'info@example.com', note: undefined }]));
  });

  it('shows a read-only value that cannot be edited', async () => {
    const { user, values } = renderForm(
      z.object({ email: email() }),
      <FormInput name="email" label="メールアドレス" readOnly />,
      { email: 'a@example.com' },
    );
    const input = screen.getByLabelText('メールアドレス');
    expect(input).toHaveAttribute('readonly');
    await user.type(input, 'x');
    expect(values().email).toBe('a@example.com');
  });

  it('shows a long read-only value whole: in a box that wraps (a textarea), not a one-line input', () => {
    const long = 'yamada.taro.logistics-department@example-company.co.jp';
    renderForm(z.object({ email: email() }), <FormInput name="email" label="メールアドレス" readOnly />, { email: long });
    const field = screen.getByRole('textbox', { name: 'メールアドレス' });
    expect(field.tagName).toBe('TEXTAREA');
    expect(field).toHaveValue(long);
  });

  it('puts the hint under the control, so the controls of one row line up with or without a hint', () => {
    renderForm(
      z.object({ password: text(), confirmPassword: text() }),
      <>
        <FormInput name="password" label="パスワード" description="8文字以上" span={6} />
        <FormInput name="confirmPassword" label="パスワード（確認）" span={6} />
      </>,
    );
    const control = screen.getByLabelText('パスワード');
    const hint = screen.getByText('8文字以上');
    expect(control).toHaveAccessibleDescription('8文字以上');
    expect(control.compareDocumentPosition(hint) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    // In both frames the label comes first and the control right after it.
    for (const name of ['パスワード', 'パスワード（確認）']) {
      const frame = screen.getByLabelText(name).closest('[data-field]')!;
      expect(frame.children[0]!.tagName).toBe('LABEL');
      expect(frame.children[1]).toContainElement(screen.getByLabelText(name));
    }
  });

  it("puts a 400 answer's field errors under their fields", async () => {
    const { form } = renderCompanyForm();
    act(() => {
      applyFieldErrors(form(), [{ path: 'body.email', message: 'このメールアドレスは既に登録されています。' }]);
    });
    expect(await screen.findByText('このメールアドレスは既に登録されています。')).toBeInTheDocument();
    expect(screen.getByLabelText(/メールアドレス/)).toHaveAttribute('aria-invalid', 'true');
  });
});
