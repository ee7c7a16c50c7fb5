/**
 * File attachments (spec §4 Upload, §5): the chosen files are checked (count, type, size)
 * here, then handed to `upload` (lib/upload by default), which sends them (POST /files/upload,
 * then each to its signed URL, then POST /files/confirm) and answers their ids. While that
 * runs the field says so, shows a progress bar per file and the form holds its submit;
 * afterwards the field holds the ids — a list when `multiple`, else one id. Images show a
 * thumbnail of the file chosen on this device.
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
import { type FileProgress, uploadFiles } from '../../lib/upload';
import { buttonVariants } from '../ui/button';
import { Spinner } from '../ui/spinner';
import { toast } from '../ui/toaster';
import { useUploadTracker } from './form';
import { FormField, type BaseFieldProps } from './form-field';

/**
 * Sends the files and answers their ids in the same order; rejects when any upload fails.
 * Reports the bytes sent of each file through `onProgress` when it can.
 */
export type UploadFiles = (
  files: File[],
  signal: AbortSignal,
  onProgress?: (progress: FileProgress[]) => void,
) => Promise<string[]>;

/** The app's upload (lib/upload) under a folder hint. */
const uploadInto =
  (filePath: string | undefined): UploadFiles =>
  (files, signal, onProgress) =>
    uploadFiles(files, { filePath, signal, onProgress });

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
  /** How the files are sent; the app's upload (lib/upload) unless given. */
  upload?: UploadFiles;
  /** The folder hint sent with the files (e.g. request-items/images). */
  filePath?: string;
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

/** A file being sent: its name, bytes sent and, for an image, a local preview. */
interface Sending {
  name: string;
  loaded: number;
  total: number;
  preview?: string;
}

const isImage = (file: File) => file.type.startsWith('image/');
const percent = (loaded: number, total: number) => (total > 0 ? Math.round((Math.min(loaded, total) / total) * 100) : 0);

export function FormInputFile<TValues extends FieldValues = FieldValues>({
  name,
  upload,
  filePath,
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
  const [sending, setSending] = useState<Sending[]>([]);
  /** Local previews of uploaded images, by file id (object URLs, released when dropped). */
  const [previews, setPreviews] = useState<Record<string, string | undefined>>({});
  const previewUrls = useRef(new Set<string>());
  const inFlight = useRef<AbortController | null>(null);
  useEffect(() => {
    const urls = previewUrls.current;
    return () => {
      inFlight.current?.abort();
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);
  const previewOf = (file: File) => {
    if (!isImage(file) || typeof URL.createObjectURL !== 'function') return undefined;
    const url = URL.createObjectURL(file);
    previewUrls.current.add(url);
    return url;
  };
  const release = (url: string | undefined) => {
    if (!url) return;
    URL.revokeObjectURL(url);
    previewUrls.current.delete(url);
  };

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
    const local = files.map(previewOf);
    setSending(files.map((file, i) => ({ name: file.name, loaded: 0, total: file.size, preview: local[i] })));
    setUploading(true);
    setMessage({ text: CLIENT_MESSAGES.uploading, tone: 'error' });
    tracker?.begin();
    const onProgress = (progress: FileProgress[]) => {
      if (controller.signal.aborted) return;
      setSending((list) => list.map((s, i) => ({ ...s, ...progress[i] })));
    };
    try {
      const uploaded = await (upload ?? uploadInto(filePath))(files, controller.signal, onProgress);
      if (controller.signal.aborted) return;
      setNames((known) => ({ ...known, ...Object.fromEntries(uploaded.map((id, i) => [id, files[i]?.name ?? ''])) }));
      // A single-file field replaces its file: the old preview goes.
      if (!multiple) ids.forEach((id) => release(previews[id]));
      setPreviews((known) => ({ ...known, ...Object.fromEntries(uploaded.map((id, i) => [id, local[i]])) }));
      setIds([...held, ...uploaded]);
      setMessage(undefined);
      toast.success(SUCCESS_MESSAGES.uploadSucceeded);
    } catch {
      if (controller.signal.aborted) return;
      local.forEach(release);
      setMessage({ text: CLIENT_MESSAGES.uploadFailed, tone: 'error' });
      toast.error(CLIENT_MESSAGES.uploadFailed);
    } finally {
      tracker?.end();
      if (!controller.signal.aborted) {
        setUploading(false);
        setSending([]);
      }
      control.onBlur();
    }
  };

  const remove = (id: string) => {
    release(previews[id]);
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
          {sending.length > 0 && (
            <ul className="flex flex-col gap-1.5" aria-busy="true">
              {sending.map((file, i) => (
                <li key={i} className="flex items-center gap-3 rounded-md border bg-card px-3 py-2 text-sm">
                  <Thumbnail preview={file.preview} />
                  <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                    <span className="truncate">{file.name}</span>
                    <progress
                      className="h-1.5 w-full appearance-none overflow-hidden rounded-full bg-muted [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-muted [&::-webkit-progress-value]:bg-primary [&::-webkit-progress-value]:transition-[width]"
                      max={100}
                      value={percent(file.loaded, file.total)}
                      aria-label={FORM_TEXT.uploadProgress(file.name)}
                    />
                  </div>
                  <span className="w-10 shrink-0 text-right text-xs text-muted-foreground tabular-nums">
                    {percent(file.loaded, file.total)}%
                  </span>
                </li>
              ))}
            </ul>
          )}
          {ids.length > 0 && (
            <ul className="flex flex-col gap-1.5">
              {ids.map((id, i) => {
                const fileName = names[id] || fileNames?.[id] || `${FORM_TEXT.uploadedFile} ${i + 1}`;
                return (
                  <li key={id} className="flex items-center gap-3 rounded-md border bg-card px-3 py-2 text-sm">
                    <Thumbnail preview={previews[id]} />
                    <span className="min-w-0 flex-1 truncate">{fileName}</span>
                    {!readOnly && (
                      <button
                        type="button"
                        onClick={() => remove(id)}
                        disabled={uploading}
                        aria-label={FORM_TEXT.removeFile(fileName)}
                        className="rounded-sm p-1.5 text-muted-foreground hover:text-destructive focus-visible:outline-2 focus-visible:outline-ring"
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

/** An image's local preview, else a paperclip. Decorative: the file name beside it says what it is. */
function Thumbnail({ preview }: { preview: string | undefined }) {
  if (!preview) {
    return (
      <span className="flex size-10 shrink-0 items-center justify-center rounded bg-muted">
        <Paperclip aria-hidden className="size-4 text-muted-foreground" />
      </span>
    );
  }
  return <img src={preview} alt="" className="size-10 shrink-0 rounded object-cover" />;
}
