/**
 * What both request forms have around their own sections: the form, scrolled to its first
 * error on a failed submit, then the images, the message and the submit bar. A refusal of
 * the confirm dialog's post puts the server's field errors under the fields (`onFailed`).
 */
import { REQUEST_ITEM_RULES } from '@logi/contract';
import { REQUEST_CREATE_TEXT as T } from '../../../texts/request-create';
import { type ReactNode, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { Form, FormInputFile, FormTextArea, applyFieldErrors } from '../../../components/form';
import { ApiError } from '../../../lib/api';
import { FormSection } from './form-section';
import { useScrollToFirstError } from './scroll-to-error';
import { SubmitBar } from './submit-bar';

interface RequestFormFrameProps<TInput extends FieldValues, TOutput> {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** The form's accessible name (its request type). */
  label: string;
  /** The images field: its name in the form and its label. */
  images: { name: string; label: string };
  /** Opens the confirm dialog with the values; it calls `onFailed` when the post is refused. */
  onSubmit: (body: TOutput, onFailed: (error: unknown) => void) => void;
  children: ReactNode;
}

export function RequestFormFrame<TInput extends FieldValues, TOutput>({
  form,
  label,
  images,
  onSubmit,
  children,
}: RequestFormFrameProps<TInput, TOutput>) {
  const container = useRef<HTMLDivElement>(null);
  useScrollToFirstError(container, form.control);
  const onFailed = (error: unknown) => {
    if (error instanceof ApiError) applyFieldErrors(form, error.details);
  };

  return (
    <div ref={container}>
      <Form form={form} aria-label={label} onSubmit={(body) => onSubmit(body, onFailed)}>
        {children}

        <FormSection title={T.sections.images}>
          <FormInputFile
            name={images.name}
            label={images.label}
            multiple
            maxFiles={REQUEST_ITEM_RULES.maxImages}
            kinds={['IMAGE']}
            filePath="request-items/images"
            span={12}
          />
        </FormSection>

        <FormSection title={T.sections.message}>
          <FormTextArea name="message" label={T.message} placeholder={T.messagePlaceholder} span={12} />
        </FormSection>

        <SubmitBar />
      </Form>
    </div>
  );
}
