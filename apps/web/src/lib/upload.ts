/**
 * File upload (spec §7 Files, docs/decisions/010-file-uploads.md): POST /files/upload signs one
 * policy per file → each file goes as multipart to its signed `url` with the signed `fields`
 * (the file last, as `file`) → POST /files/confirm marks them uploaded. Answers the file ids in
 * the order of the files.
 *
 * The files themselves travel by XMLHttpRequest because fetch reports no upload progress and
 * the field shows a progress bar per file. The signed POST carries no bearer token or CSRF
 * header: it is authorised by its signature alone, exactly as S3 is.
 */
import { fileRoutes, fileTypeFor, type TSignedUpload, type TUploadFile } from '@logi/contract';
import { api } from './api';
import type { ApiClient } from './api-client';

/** Bytes sent of one file, out of its size. */
export interface FileProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  /** A folder hint kept with the file (e.g. request-items/images). */
  filePath?: string;
  signal?: AbortSignal;
  /** Called as bytes leave, with the progress of every file in the order given. */
  onProgress?: (progress: FileProgress[]) => void;
}

/** One file that could not be sent to its signed URL (status 0: the network failed). */
export class UploadError extends Error {
  constructor(
    readonly fileName: string,
    readonly status: number,
  ) {
    super(`Upload of ${fileName} failed (${status})`);
    this.name = 'UploadError';
  }
}

/** What POST /files/upload is told about a file; browsers report '' for types they do not know. */
export function describeFile(file: File): TUploadFile {
  return { fileName: file.name, fileType: file.type || fileTypeFor(file.name) || 'application/octet-stream' };
}

/** The multipart body of one signed upload: every signed field, then the file (S3 ignores fields after it). */
export function signedFormData(signed: Pick<TSignedUpload, 'fields'>, file: File): FormData {
  const body = new FormData();
  for (const [name, value] of Object.entries(signed.fields)) body.append(name, value);
  body.append('file', file);
  return body;
}

/** The share of all bytes sent, 0…1, weighing each file by its size. */
export function overallProgress(progress: readonly FileProgress[]): number {
  const total = progress.reduce((sum, p) => sum + p.total, 0);
  if (total === 0) return progress.length > 0 && progress.every((p) => p.loaded >= p.total) ? 1 : 0;
  return Math.min(1, progress.reduce((sum, p) => sum + Math.min(p.loaded, p.total), 0) / total);
}

/** POSTs a multipart body with upload progress; resolves on 2xx, rejects with UploadError otherwise. */
export function postWithProgress(
  url: string,
  body: FormData,
  fileName: string,
  { signal, onProgress }: { signal?: AbortSignal; onProgress?: (loaded: number, total: number) => void } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const settle = () => signal?.removeEventListener('abort', abort);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      settle();
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new UploadError(fileName, xhr.status));
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new UploadError(fileName, 0));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    });
    // Relative URLs (the local adapter's /api/v1/files/local-upload) resolve against the page.
    xhr.open('POST', new URL(url, globalThis.location?.href).toString());
    xhr.send(body);
  });
}

/** An uploader bound to an API client (the app's by default; tests pass one aimed at their server). */
export function uploaderVia(client: Pick<ApiClient, 'call'>) {
  return async function uploadFiles(files: readonly File[], options: UploadOptions = {}): Promise<string[]> {
    const { signal, onProgress } = options;
    const signed = await client.call(
      fileRoutes.upload,
      { body: { files: files.map(describeFile), filePath: options.filePath } },
      { signal },
    );
    if (signed.length !== files.length) throw new Error('The server signed another number of files than were sent');

    const progress: FileProgress[] = files.map((file) => ({ loaded: 0, total: file.size }));
    onProgress?.(progress.map((p) => ({ ...p })));
    // Every file at once: the bars move together and the slowest file sets the time.
    await Promise.all(
      files.map((file, i) =>
        postWithProgress(signed[i]!.url, signedFormData(signed[i]!, file), file.name, {
          signal,
          onProgress: (loaded) => {
            progress[i] = { loaded: Math.min(loaded, file.size), total: file.size };
            onProgress?.(progress.map((p) => ({ ...p })));
          },
        }).then(() => {
          progress[i] = { loaded: file.size, total: file.size };
          onProgress?.(progress.map((p) => ({ ...p })));
        }),
      ),
    );

    const fileIds = signed.map((s) => s.fileId);
    await client.call(fileRoutes.confirm, { body: { fileIds } }, { signal });
    return fileIds;
  };
}

/** Uploads through the app's API client. */
export const uploadFiles = uploaderVia(api);
