/**
 * File attachments (spec §4 Upload, §5): the chosen files are checked (count, type, size)
 * here, then handed to `upload`, which sends them (POST /files/upload, then each to its
 * signed URL) and answers their ids. While that runs the field says so and the form holds
 * its submit; afterwards the field holds the ids — a list when `multiple`, else one id.
 */
import {
  CLIENT_MESSAGES,
  ERROR_MESSAGES,
  FIELD_MESSAGES,
  FILE_KIND_RULES,
  FORM_TEXT,
  FileKind,
  SUCCESS_MESSAGES,
  UPLOAD_MAX_FILES,
  acceptAttribute,
  acceptedExtensions,
  fileKindOf,
  fileTypeFor,
  type TFileKind,
} from '@logi/contract';
import { Paperclip, Upload, X } from 'lucide-react';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useController, type FieldValues } from 'react-hook-form';
import { cn } from '../../lib/cn';
import { buttonVariants } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { toast } from '../ui/toaster';
import { useUploadTracker } from './form';
import { FormField, type BaseFieldProps } from './form-field';

/** Sends the files and answers their ids in the same order; rejects when any upload fails. */
export type UploadFiles = (files: File[], signal: AbortSignal) => Promise<string[]>;

/** Why a choice of files is refused before anything is sent, or undefined when it may be sent. */
export function checkFiles(
  files: readonly File[],
  held: number,
  maxFiles: number,
  kinds: readonly TFileKind[],
): string | undefined {
  if (held + files.length > maxFiles) return CLIENT_MESSAGES.tooManyFiles(maxFiles);
  for (const file of files) {
    const kind = fileKindOf(file.name, file.type || fileTypeFor(file.name) || '');
    if (!kind || !kinds.includes(kind)) return FIELD_MESSAGES.fileTypeNotAllowed;
    if (file.size > FILE_KIND_RULES[kind].maxBytes) return ERROR_MESSAGES.UPLOAD_TOO_LARGE;
  }
  return undefined;
}

const heldIds = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && v !== '');

export interface FormInputFileProps<TValues extends FieldValues = FieldValues> extends BaseFieldProps<TValues> {
  upload: UploadFiles;
  /** Several files (the value is a list of ids) or one (the value is one id). */
  multiple?: boolean;
  /** At most this many files; 5 (spec §9) when `multiple`, else 1. */
  maxFiles?: number;
  /** Kinds of file accepted; all of spec §5 unless given. */
  kinds?: readonly TFileKind[];
  /** Names of files the field already holds (an edit form), by id. */
  fileNames?: Readonly<Record<string, string>>;
}

type Message = { text: string; tone: 'error' | 'status' } | undefined;

export function FormInputFile<TValues extends FieldValues = FieldValues>({
  name,
  upload,
  multiple = false,
  maxFiles = multiple ? UPLOAD_MAX_FILES : 1,
  kinds = FileKind.values,
  fileNames,
  description,
  readOnly,
  ...field
}: FormInputFileProps<TValues>) {
  const { field: control } = useController({ name });
  const tracker = useUploadTracker();
  const [uploading, setUploading] = useState(false);
  const [message, setMessage] = useState<Message>();
  const [names, setNames] = useState<Record<string, string>>({});
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => () => inFlight.current?.abort(), []);

  const ids = heldIds(control.value);
  const setIds = (next: string[]) => control.onChange(multiple ? next : (next[0] ?? null));

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    event.target.value = ''; // the same file may be chosen again after a failure
    if (files.length === 0) return;
    const held = multiple ? ids : [];
    const refusal = checkFiles(files, held.length, maxFiles, kinds);
    if (refusal) {
      setMessage({ text: refusal, tone: 'error' });
      control.onBlur();
      return;
    }

    const controller = new AbortController();
    inFlight.current = controller;
    setUploading(true);
    setMessage({ text: CLIENT_MESSAGES.uploading, tone: 'error' });
    tracker?.begin();
    try {
      const uploaded = await upload(files, controller.signal);
      if (controller.signal.aborted) return;
      setNames((known) => ({ ...known, ...Object.fromEntries(uploaded.map((id, i) => [id, files[i]?.name ?? ''])) }));
      setIds([...held, ...uploaded]);
      setMessage(undefined);
      toast.success(SUCCESS_MESSAGES.uploadSucceeded);
    } catch {
      if (controller.signal.aborted) return;
      setMessage({ text: CLIENT_MESSAGES.uploadFailed, tone: 'error' });
      toast.error(CLIENT_MESSAGES.uploadFailed);
    } finally {
      tracker?.end();
      if (!controller.signal.aborted) setUploading(false);
      control.onBlur();
    }
  };

  const remove = (id: string) => {
    setIds(ids.filter((held) => held !== id));
    setMessage(undefined);
  };

  const hint = description ?? FORM_TEXT.acceptedFiles(acceptedExtensions(kinds).join(', '), maxFiles);
  const full = multiple ? ids.length >= maxFiles : false;
  const disabled = readOnly || control.disabled || uploading;

  return (
    <FormField name={name} readOnly={readOnly} description={hint} message={message} {...field}>
      {(aria) => (
        <div className="flex flex-col gap-2">
          <div className="flex items-center gap-3">
            {/* The real input stays focusable (and labelled by the field); the button-look label opens it. */}
            <input
              {...aria}
              ref={control.ref}
              type="file"
              name={control.name}
              accept={acceptAttribute(kinds)}
              multiple={multiple}
              disabled={disabled || full}
              onChange={choose}
              className="peer sr-only"
            />
            <label
              htmlFor={aria.id}
              className={cn(
                buttonVariants({ variant: 'outline' }),
                'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
                (disabled || full) && 'pointer-events-none opacity-50',
              )}
            >
              {uploading ? <Spinner label={null} /> : <Upload aria-hidden className="size-4" />}
              {FORM_TEXT.chooseFiles}
            </label>
          </div>
          {ids.length > 0 && (
            <ul className="flex flex-col gap-1.5">
              {ids.map((id, i) => {
                const fileName = names[id] || fileNames?.[id] || `${FORM_TEXT.uploadedFile} ${i + 1}`;
                return (
                  <li key={id} className="flex items-center gap-2 rounded-md border bg-card px-3 py-1.5 text-sm">
                    <Paperclip aria-hidden className="size-4 shrink-0 text-muted-foreground" />
                    <span className="min-w-0 flex-1 truncate">{fileName}</span>
                    {!readOnly && (
                      <button
                        type="button"
                        onClick={() => remove(id)}
                        disabled={uploading}
                        aria-label={FORM_TEXT.removeFile(fileName)}
                        className="rounded-sm p-1 text-muted-foreground hover:text-destructive"
                      >
                        <X aria-hidden className="size-4" />
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
    </FormField>
  );
}
