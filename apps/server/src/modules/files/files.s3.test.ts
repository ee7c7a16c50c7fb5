/**
 * The S3 adapter against a local S3-compatible server (s3rver, from the npm registry):
 * presigned POST upload, HEAD on confirm, presigned GET download and its expiry.
 * s3rver stores POST uploads but does not evaluate POST policies, so the conditions S3
 * enforces (key, content type, size range, expiry) are asserted on the signed policy.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_KIND_RULES } from '@logi/contract';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import { API, PNG, expectError, fileRow, signUploads } from './files.test-support';

const BUCKET = 'logi-test';
const DOWNLOAD_TTL = 2;
let s3: S3rver;
let endpoint: string;
let t: TestApp;
let token: string;
let userId: string;

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: mkdtempSync(path.join(tmpdir(), 'logi-s3-')),
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  const { port } = await s3.run();
  endpoint = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    DOWNLOAD_URL_TTL_SECONDS: String(DOWNLOAD_TTL),
  });
  const user = await makeUser(t, ['DRIVER']);
  userId = user.id;
  token = (await login(t, user.email, 'DRIVER')).accessToken;
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

/** POSTs the form to S3 as the browser does: the signed fields, then the file. */
async function postToS3(url: string, fields: Record<string, string>, content: Buffer, type: string) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('file', new Blob([new Uint8Array(content)], { type }), 'upload');
  return fetch(url, { method: 'POST', body: form });
}

describe('S3 storage (presigned POST)', () => {
  it('signs a policy S3 enforces: the key, the content type, the size range and a short expiry', async () => {
    const [signed] = await signUploads(t, token, [{ fileName: '荷物.png', fileType: 'image/png' }]);
    expect(signed!.url).toBe(`${endpoint}/${BUCKET}`);
    const key = `uploads/${userId}/${signed!.fileId}/file.png`;
    expect(signed!.fields).toMatchObject({ key, 'Content-Type': 'image/png', 'X-Amz-Algorithm': 'AWS4-HMAC-SHA256' });
    const policy = JSON.parse(Buffer.from(signed!.fields.Policy!, 'base64').toString('utf8'));
    expect(policy.conditions).toEqual(
      expect.arrayContaining([
        ['content-length-range', 1, FILE_KIND_RULES.IMAGE.maxBytes],
        ['eq', '$Content-Type', 'image/png'],
        { key },
        { bucket: BUCKET },
      ]),
    );
    const expiresIn = Date.parse(policy.expiration) - Date.now();
    expect(expiresIn).toBeGreaterThan((t.config.storage.uploadTtlSeconds - 5) * 1000);
    expect(expiresIn).toBeLessThanOrEqual(t.config.storage.uploadTtlSeconds * 1000);
  });

  it('uploads straight to S3, confirms by HEAD, and downloads through a presigned GET that expires', async () => {
    const [signed] = await signUploads(t, token, [{ fileName: '受領書.png', fileType: 'image/png' }]);
    expectError(await t.call('POST', API.confirm, { token, body: { fileIds: [signed!.fileId] } }), 400, 'FILE_NOT_UPLOADED');

    const upload = await postToS3(signed!.url, signed!.fields, PNG, 'image/png');
    expect(upload.status).toBe(204);
    // The API learns of it on confirm.
    expect((await fileRow(t, signed!.fileId))!.isUploaded).toBe(false);
    const confirmed = await t.call('POST', API.confirm, { token, body: { fileIds: [signed!.fileId] } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()[0]).toMatchObject({ id: signed!.fileId, isUploaded: true, fileName: '受領書.png' });
    expect(await fileRow(t, signed!.fileId)).toMatchObject({ isUploaded: true, size: PNG.length });

    const redirect = await t.call('GET', API.download(signed!.fileId), { token });
    expect(redirect.statusCode).toBe(302);
    const location = redirect.headers.location as string;
    expect(location.startsWith(`${endpoint}/${BUCKET}/uploads/${userId}/`)).toBe(true);
    expect(new URL(location).searchParams.get('X-Amz-Expires')).toBe(String(DOWNLOAD_TTL));
    const file = await fetch(location);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe(
      `inline; filename="???.png"; filename*=UTF-8''${encodeURIComponent('受領書.png')}`,
    );
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);

    await new Promise((resolve) => setTimeout(resolve, (DOWNLOAD_TTL + 1) * 1000));
    expect((await fetch(location)).status).toBe(403);
  });

  it('has no local upload endpoint', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/files/local-upload' });
    expect(res.statusCode).toBe(404);
  });
});
