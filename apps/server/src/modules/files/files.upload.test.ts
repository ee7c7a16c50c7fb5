import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_MESSAGES, FIELD_MESSAGES, FILE_KIND_RULES, UPLOAD_MAX_FILES, fileRoutes, type TSignInRole } from '@logi/contract';
import { files } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import { API, PNG, expectError, fileRow, postUpload, signUploads, uploadedPng } from './files.test-support';

let t: TestApp;
let token: string;
let userId: string;
beforeAll(async () => {
  t = await createTestApp();
  const customer = await makeUser(t, ['CUSTOMER']);
  userId = customer.id;
  token = (await login(t, customer.email, 'CUSTOMER')).accessToken;
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const fileCount = async () => (await t.app.deps.db.select({ n: count() }).from(files))[0]!.n;
const policyOf = (fields: Record<string, string>) => JSON.parse(Buffer.from(fields.policy!, 'base64url').toString('utf8'));

describe('POST /files/upload', () => {
  it('signs one policy per file under the owner’s prefix, with the kind’s size limit and a short expiry', async () => {
    const before = Date.now();
    const signed = await signUploads(t, token, [
      { fileName: '荷物の写真.JPG', fileType: 'image/jpeg' },
      { fileName: 'movie.mov', fileType: 'video/quicktime' },
      { fileName: '請求書 2026.pdf', fileType: 'application/pdf' },
    ]);
    expect(signed).toHaveLength(3);
    const kinds = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;
    for (const [i, upload] of signed.entries()) {
      expect(upload.url).toBe('/api/v1/files/local-upload');
      expect(upload.fields.key).toMatch(new RegExp(`^uploads/${userId}/${upload.fileId}/[A-Za-z0-9._-]+$`));
      expect(upload.maxBytes).toBe(FILE_KIND_RULES[kinds[i]!].maxBytes);
      const policy = policyOf(upload.fields);
      expect(policy).toMatchObject({
        key: upload.fields.key,
        contentType: upload.fields['Content-Type'],
        maxBytes: upload.maxBytes,
      });
      expect(policy.expires * 1000).toBeGreaterThanOrEqual(before + 599_000);
      expect(policy.expires * 1000).toBeLessThanOrEqual(Date.now() + 600_000);
      const row = await fileRow(t, upload.fileId);
      expect(row).toMatchObject({ ownerId: userId, kind: kinds[i], isUploaded: false, entityId: null, filePath: 'tests' });
    }
    // The original name stays in the row; the key holds an ASCII-safe one with the extension.
    expect(signed[0]!.fields.key).toMatch(/\/file\.jpg$/);
    expect(signed[2]!.fields.key).toMatch(/\/2026\.pdf$/);
    expect((await fileRow(t, signed[2]!.fileId))!.fileName).toBe('請求書 2026.pdf');
  });

  it.each(['DRIVER', 'DRIVER_MANAGER', 'ADMIN'] as TSignInRole[])('is open to %s as well', async (role) => {
    const user = await makeUser(t, [role]);
    const { accessToken } = await login(t, user.email, role);
    await signUploads(t, accessToken, [{ fileName: 'a.png', fileType: 'image/png' }]);
  });

  it('refuses more than the upload limit with the spec’s message, writing nothing', async () => {
    const before = await fileCount();
    const list = Array.from({ length: UPLOAD_MAX_FILES + 1 }, (_, i) => ({ fileName: `${i}.png`, fileType: 'image/png' }));
    const res = await t.call('POST', API.upload, { token, body: { files: list } });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(res.json().details).toContainEqual({ path: 'body.files', message: CLIENT_MESSAGES.tooManyFiles(5) });
    expect(CLIENT_MESSAGES.tooManyFiles(5)).toBe('ファイルは最大5個までアップロード可能です。');
    expect(await fileCount()).toBe(before);
    // Exactly the limit is accepted.
    await signUploads(t, token, list.slice(0, UPLOAD_MAX_FILES));
  });

  it.each([
    ['an extension outside the lists', 'tool.exe', 'application/x-msdownload'],
    ['a type that does not match the extension', 'photo.png', 'image/jpeg'],
    ['SVG (script-capable)', 'logo.svg', 'image/svg+xml'],
    ['HTML', 'page.html', 'text/html'],
    ['no extension', 'README', 'text/plain'],
  ])('refuses %s', async (_label, fileName, fileType) => {
    const before = await fileCount();
    const res = await t.call('POST', API.upload, {
      token,
      body: {
        files: [
          { fileName: 'ok.png', fileType: 'image/png' },
          { fileName, fileType },
        ],
      },
    });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(res.json().details).toEqual([{ path: 'body.files.1.fileType', message: FIELD_MESSAGES.fileTypeNotAllowed }]);
    expect(await fileCount()).toBe(before);
  });

  it('accepts every extension of spec §5', async () => {
    const list = Object.values(FILE_KIND_RULES).flatMap((rule) =>
      Object.entries(rule.types).map(([ext, types]) => ({ fileName: `f.${ext}`, fileType: types[0] })),
    );
    expect(list.map((f) => f.fileName.slice(2)).sort()).toEqual(
      ['jpg', 'jpeg', 'png', 'gif', 'webp', 'mp4', 'webm', 'mov', 'pdf', 'docx', 'doc', 'xlsx', 'csv'].sort(),
    );
    for (let i = 0; i < list.length; i += UPLOAD_MAX_FILES) await signUploads(t, token, list.slice(i, i + UPLOAD_MAX_FILES));
  });

  it('refuses an empty list, a path in the name and a bad folder hint', async () => {
    expectError(await t.call('POST', API.upload, { token, body: { files: [] } }), 400, 'VALIDATION_FAILED');
    const res = await t.call('POST', API.upload, {
      token,
      body: { files: [{ fileName: '../etc/passwd.png', fileType: 'image/png' }], filePath: '../..' },
    });
    expectError(res, 400, 'VALIDATION_FAILED');
    expect(res.json().details).toEqual(
      expect.arrayContaining([
        { path: 'body.files.0.fileName', message: FIELD_MESSAGES.fileName },
        { path: 'body.filePath', message: FIELD_MESSAGES.filePath },
      ]),
    );
  });

  it('answers 401 without a token', async () => {
    expectError(
      await t.call('POST', API.upload, { body: { files: [{ fileName: 'a.png', fileType: 'image/png' }] } }),
      401,
      'UNAUTHENTICATED',
    );
  });
});

describe('the local adapter’s signed POST', () => {
  it('stores the file and marks it uploaded; confirm answers its descriptor', async () => {
    const [signed] = await signUploads(t, token, [{ fileName: '写真.png', fileType: 'image/png' }]);
    const res = await postUpload(t, signed!, { content: PNG });
    expect(res.statusCode).toBe(204);
    const row = await fileRow(t, signed!.fileId);
    expect(row).toMatchObject({ isUploaded: true, size: PNG.length });
    expect(row!.uploadedAt).toBeInstanceOf(Date);
    expect(existsSync(path.join(t.config.storage.uploadsDir, signed!.fields.key!))).toBe(true);

    const confirmed = await t.call('POST', API.confirm, { token, body: { fileIds: [signed!.fileId] } });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual([
      expect.objectContaining({
        id: signed!.fileId,
        fileName: '写真.png',
        fileType: 'image/png',
        kind: 'IMAGE',
        isUploaded: true,
        fileUrl: expect.stringMatching(/^\/api\/v1\/files\/local-download\?/),
      }),
    ]);
  });

  it('refuses an upload over the signed size limit and keeps nothing', async () => {
    const [signed] = await signUploads(t, token, [{ fileName: 'big.png', fileType: 'image/png' }]);
    const tooBig = Buffer.alloc(FILE_KIND_RULES.IMAGE.maxBytes + 1, 1);
    expectError(await postUpload(t, signed!, { content: tooBig }), 413, 'UPLOAD_TOO_LARGE');
    expect(await fileRow(t, signed!.fileId)).toMatchObject({ isUploaded: false, size: null });
    const dir = path.dirname(path.join(t.config.storage.uploadsDir, signed!.fields.key!));
    expect(existsSync(dir) ? readdirSync(dir) : []).toEqual([]);
    // Exactly the limit is fine.
    expect((await postUpload(t, signed!, { content: tooBig.subarray(1) })).statusCode).toBe(204);
  });

  it('refuses a tampered policy, key or signature', async () => {
    const [signed] = await signUploads(t, token, [{ fileName: 'a.png', fileType: 'image/png' }]);
    const fields = signed!.fields;
    const policy = policyOf(fields);
    const forged = Buffer.from(JSON.stringify({ ...policy, maxBytes: 10 ** 9 })).toString('base64url');
    const otherKey = `uploads/${userId}/${signed!.fileId}/other.png`;
    for (const tampered of [
      { ...fields, policy: forged },
      { ...fields, key: otherKey },
      { ...fields, signature: fields.signature!.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
      { ...fields, signature: '' },
    ]) {
      expectError(await postUpload(t, signed!, { content: PNG }, tampered), 403, 'UPLOAD_POLICY_INVALID');
    }
    const { signature: _drop, ...unsigned } = fields;
    expectError(await postUpload(t, signed!, { content: PNG }, unsigned), 403, 'UPLOAD_POLICY_INVALID');
    expect((await fileRow(t, signed!.fileId))!.isUploaded).toBe(false);
  });

  it('refuses a content type other than the signed one', async () => {
    const [signed] = await signUploads(t, token, [{ fileName: 'a.png', fileType: 'image/png' }]);
    expectError(
      await postUpload(t, signed!, { content: PNG }, { ...signed!.fields, 'Content-Type': 'text/html' }),
      400,
      'UPLOAD_TYPE_MISMATCH',
    );
    expectError(await postUpload(t, signed!, { content: PNG, type: 'text/html' }), 400, 'UPLOAD_TYPE_MISMATCH');
    // A browser that does not know the type sends octet-stream: the signed type is kept.
    expect((await postUpload(t, signed!, { content: PNG, type: 'application/octet-stream' })).statusCode).toBe(204);
  });

  it('refuses an expired policy', async () => {
    const [signed] = await signUploads(t, token, [{ fileName: 'a.png', fileType: 'image/png' }]);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (t.config.storage.uploadTtlSeconds + 2) * 1000);
    expectError(await postUpload(t, signed!, { content: PNG }), 403, 'UPLOAD_POLICY_EXPIRED');
    expect((await fileRow(t, signed!.fileId))!.isUploaded).toBe(false);
  });

  it('refuses a form without a file, an empty file, and a body that is not multipart', async () => {
    const [signed] = await signUploads(t, token, [{ fileName: 'a.png', fileType: 'image/png' }]);
    expectError(await postUpload(t, signed!, undefined), 400, 'UPLOAD_FILE_MISSING');
    expectError(await postUpload(t, signed!, { content: Buffer.alloc(0) }), 400, 'UPLOAD_FILE_MISSING');
    const json = await t.app.inject({ method: 'POST', url: signed!.url, payload: signed!.fields });
    expect(json.statusCode).toBe(415);
    expect((await fileRow(t, signed!.fileId))!.isUploaded).toBe(false);
  });
});

describe('POST /files/confirm', () => {
  it('answers 400 while the file is not uploaded, 404 for another user’s file, 401 without a token', async () => {
    const [signed] = await signUploads(t, token, [{ fileName: 'a.png', fileType: 'image/png' }]);
    expectError(await t.call('POST', API.confirm, { token, body: { fileIds: [signed!.fileId] } }), 400, 'FILE_NOT_UPLOADED');

    const other = await makeUser(t, ['DRIVER']);
    const otherToken = (await login(t, other.email, 'DRIVER')).accessToken;
    const theirs = await uploadedPng(t, otherToken);
    expectError(await t.call('POST', API.confirm, { token, body: { fileIds: [theirs] } }), 404, 'FILE_NOT_FOUND');
    expectError(await t.call('POST', API.confirm, { body: { fileIds: [theirs] } }), 401, 'UNAUTHENTICATED');
    expectError(await t.call('POST', API.confirm, { token, body: { fileIds: ['nope'] } }), 400, 'VALIDATION_FAILED');
  });
});

describe('OpenAPI', () => {
  it('documents every files route of the contract: the local upload as a multipart form, a download as the file', async () => {
    const doc = (await t.call('GET', '/api/docs/json')).json();
    for (const route of Object.values(fileRoutes)) {
      const path = '/api/v1' + route.path.replace(/:(\w+)/g, '{$1}');
      expect(doc.paths[path]?.[route.method.toLowerCase()], `${route.method} ${path}`).toBeDefined();
    }
    const upload = doc.paths['/api/v1/files/local-upload'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    expect(upload.requestBody.content['multipart/form-data'].schema.properties.file).toMatchObject({ format: 'binary' });
    expect(upload.responses['204']).toBeDefined();
    expect(upload.responses['403'].content['application/json'].schema.properties.code.enum).toContain('UPLOAD_POLICY_INVALID');
    const download = doc.paths['/api/v1/files/local-download'].get;
    expect(Object.keys(download.responses['200'].content)).toEqual(
      expect.arrayContaining(['image/png', 'application/pdf', 'video/mp4']),
    );
    expect(download.responses['200'].content['application/json']).toBeUndefined();
    expect(doc.paths['/api/v1/files/{id}/download'].get.responses['302'].headers.Location.required).toBe(true);
  });
});
