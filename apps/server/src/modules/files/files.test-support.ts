/**
 * What the files tests share: the upload steps as the web walks them (sign → multipart
 * POST of the signed fields plus the file → confirm), a multipart body built the way a
 * browser builds it, and the stored file rows.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { ERROR_MESSAGES, type ErrorCode, type TSignedUpload } from '@logi/contract';
import { files } from '../../db/schema';
import type { TestApp } from '../../../test/helpers';

export const API = {
  upload: '/api/v1/files/upload',
  confirm: '/api/v1/files/confirm',
  file: (id: string) => `/api/v1/files/${id}`,
  download: (id: string) => `/api/v1/files/${id}/download`,
} as const;

/** A tiny valid PNG (1×1). */
export const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** The multipart body a browser sends for `fields` then `file` (as FormData orders them). */
export async function multipartBody(fields: Record<string, string>, file?: { content: Buffer; type: string; name: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.content)], { type: file.type }), file.name);
  const request = new Request('http://upload.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type')! };
}

/** POSTs a file to a signed upload of the local adapter, as the browser would (no token, no CSRF header). */
export async function postUpload(
  t: TestApp,
  signed: Pick<TSignedUpload, 'url' | 'fields'>,
  file: { content: Buffer; type?: string; name?: string } | undefined,
  fields: Record<string, string> = signed.fields,
) {
  const body = await multipartBody(
    fields,
    file && { content: file.content, type: file.type ?? signed.fields['Content-Type']!, name: file.name ?? 'upload' },
  );
  return t.app.inject({ method: 'POST', url: signed.url, payload: body.payload, headers: { 'content-type': body.contentType } });
}

/** Signs uploads through the API; throws unless 201. */
export async function signUploads(t: TestApp, token: string, list: { fileName: string; fileType: string }[]) {
  const res = await t.call('POST', API.upload, { token, body: { files: list, filePath: 'tests' } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as TSignedUpload[];
}

/** A PNG uploaded by the caller through the whole flow; answers the file id. */
export async function uploadedPng(t: TestApp, token: string, fileName = '写真.png') {
  const [signed] = await signUploads(t, token, [{ fileName, fileType: 'image/png' }]);
  const res = await postUpload(t, signed!, { content: PNG });
  expect(res.statusCode, res.body).toBe(204);
  return signed!.fileId;
}

export async function fileRow(t: TestApp, id: string) {
  const [row] = await t.app.deps.db.select().from(files).where(eq(files.id, id));
  return row;
}

/** The body of an error answer with its Japanese message. */
export function expectError(res: { statusCode: number; json(): unknown }, status: number, code: ErrorCode) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status, code, message: ERROR_MESSAGES[code] });
}
