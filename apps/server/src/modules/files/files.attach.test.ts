import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ERROR_MESSAGES } from '@logi/contract';
import { v7 as uuidv7 } from 'uuid';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';
import {
  attachFiles,
  fileViews,
  fileViewsByEntity,
  registerFileReadCheck,
  type AttachFilesInput,
  type FileEntityType,
} from './files.service';
import { API, PNG, expectError, fileRow, postUpload, signUploads, uploadedPng } from './files.test-support';

let t: TestApp;
const users = {} as Record<'owner' | 'other' | 'admin', { id: string; token: string }>;
/**
 * An entity type of this test's own (no module registers it), whose check lets each
 * reader see the entities listed here: the registry is exercised, no real check replaced.
 */
const NOTE = 'TEST_NOTE' as FileEntityType;
const visibleNotes = new Map<string, Set<string>>();

beforeAll(async () => {
  t = await createTestApp();
  for (const [name, role] of [
    ['owner', 'CUSTOMER'],
    ['other', 'DRIVER'],
    ['admin', 'ADMIN'],
  ] as const) {
    const user = await makeUser(t, [role]);
    users[name] = { id: user.id, token: (await login(t, user.email, role)).accessToken };
  }
  registerFileReadCheck(NOTE, async (_db, reader, entityId) => visibleNotes.get(reader.userId)?.has(entityId) ?? false);
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const attach = (input: Omit<AttachFilesInput, 'entityType'> & Partial<Pick<AttachFilesInput, 'entityType'>>) =>
  t.app.deps.db.transaction((tx) => attachFiles(tx, { entityType: NOTE, ...input }));

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (err: { code?: string; statusCode?: number; message?: string }) => ({
      code: err.code,
      status: err.statusCode,
      message: err.message,
    }),
  );

describe('attachFiles', () => {
  it('attaches the owner’s uploaded files to the entity, in the order given', async () => {
    const a = await uploadedPng(t, users.owner.token, 'a.png');
    const b = await uploadedPng(t, users.owner.token, 'b.png');
    const entityId = uuidv7();
    const rows = await attach({ ownerId: users.owner.id, fileIds: [b, a, b], entityId, kinds: ['IMAGE'] });
    expect(rows.map((r) => r.id)).toEqual([b, a]);
    for (const id of [a, b]) {
      expect(await fileRow(t, id)).toMatchObject({ entityType: NOTE, entityId, attachedAt: expect.any(Date) });
    }
    // Attaching again to the same entity changes nothing.
    await attach({ ownerId: users.owner.id, fileIds: [a], entityId });
    expect((await fileRow(t, a))!.entityId).toBe(entityId);
  });

  it('refuses someone else’s file, an unknown id, a file not uploaded, one attached elsewhere, a kind not accepted', async () => {
    const mine = await uploadedPng(t, users.owner.token);
    const theirs = await uploadedPng(t, users.other.token);
    const [pending] = await signUploads(t, users.owner.token, [{ fileName: 'a.png', fileType: 'image/png' }]);
    const used = await uploadedPng(t, users.owner.token);
    await attach({ ownerId: users.owner.id, fileIds: [used], entityId: uuidv7() });
    const [pdf] = await signUploads(t, users.owner.token, [{ fileName: 'a.pdf', fileType: 'application/pdf' }]);
    expect((await postUpload(t, pdf!, { content: Buffer.from('%PDF-1.4') })).statusCode).toBe(204);

    const entityId = uuidv7();
    const cases = [
      [[mine, theirs], 'FILE_NOT_FOUND', 404],
      [[mine, uuidv7()], 'FILE_NOT_FOUND', 404],
      [[mine, pending!.fileId], 'FILE_NOT_UPLOADED', 400],
      [[mine, used], 'FILE_ALREADY_ATTACHED', 409],
      [[mine, pdf!.fileId], 'FILE_KIND_NOT_ALLOWED', 400],
    ] as const;
    for (const [fileIds, code, status] of cases) {
      expect(await rejection(attach({ ownerId: users.owner.id, fileIds, entityId, kinds: ['IMAGE'] }))).toEqual({
        code,
        status,
        message: ERROR_MESSAGES[code],
      });
      // The transaction rolled back: the good file of the list stays free.
      expect((await fileRow(t, mine))!.entityId).toBeNull();
    }
    // The other user's file is still theirs and free.
    expect(await fileRow(t, theirs)).toMatchObject({ ownerId: users.other.id, entityId: null });
  });

  it('lets one of two simultaneous attaches of a file win', async () => {
    const id = await uploadedPng(t, users.owner.token);
    const results = await Promise.allSettled(
      [uuidv7(), uuidv7()].map((entityId) => attach({ ownerId: users.owner.id, fileIds: [id], entityId })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.code)).toEqual([
      'FILE_ALREADY_ATTACHED',
    ]);
  });
});

describe('fileViews', () => {
  it('answers descriptors with signed URLs, in the order given, null URL until uploaded', async () => {
    const a = await uploadedPng(t, users.owner.token, 'a.png');
    const b = await uploadedPng(t, users.owner.token, 'b.png');
    const [pending] = await signUploads(t, users.owner.token, [{ fileName: 'c.png', fileType: 'image/png' }]);
    const views = await fileViews(t.app.deps, [b, pending!.fileId, a, uuidv7()]);
    expect(views.map((v) => [v.id, v.fileName, v.isUploaded])).toEqual([
      [b, 'b.png', true],
      [pending!.fileId, 'c.png', false],
      [a, 'a.png', true],
    ]);
    expect(views[0]!.fileUrl).toMatch(/^\/api\/v1\/files\/local-download\?/);
    expect(views[1]!.fileUrl).toBeNull();
    const body = await t.app.inject({ method: 'GET', url: views[2]!.fileUrl! });
    expect(body.statusCode).toBe(200);
    expect(body.rawPayload.equals(PNG)).toBe(true);
  });

  it('groups the files of several entities', async () => {
    const [e1, e2, e3] = [uuidv7(), uuidv7(), uuidv7()];
    const a = await uploadedPng(t, users.owner.token, 'a.png');
    const b = await uploadedPng(t, users.owner.token, 'b.png');
    const c = await uploadedPng(t, users.owner.token, 'c.png');
    await attach({ ownerId: users.owner.id, fileIds: [a, b], entityId: e1 });
    await attach({ ownerId: users.owner.id, fileIds: [c], entityId: e2 });
    const byEntity = await fileViewsByEntity(t.app.deps, NOTE, [e1, e2, e3]);
    expect([...byEntity].map(([id, views]) => [id, views.map((v) => v.id)])).toEqual([
      [e1, [a, b]],
      [e2, [c]],
      [e3, []],
    ]);
    expect((await fileViewsByEntity(t.app.deps, 'NOTIFICATION', [e1])).get(e1)).toEqual([]);
  });
});

describe('GET /files/:id and /files/:id/download', () => {
  async function attachedFile() {
    const id = await uploadedPng(t, users.owner.token, '配送写真.png');
    const noteId = uuidv7();
    await attach({ ownerId: users.owner.id, fileIds: [id], entityId: noteId });
    return { id, noteId };
  }

  it('redirects the owner to a short-lived signed URL that serves the file', async () => {
    const { id } = await attachedFile();
    const res = await t.call('GET', API.download(id), { token: users.owner.token });
    expect(res.statusCode).toBe(302);
    const location = res.headers.location as string;
    expect(location).toMatch(/^\/api\/v1\/files\/local-download\?/);
    const url = new URL(location, 'http://x');
    expect(Number(url.searchParams.get('expires')) * 1000 - Date.now()).toBeLessThanOrEqual(
      t.config.storage.downloadTtlSeconds * 1000,
    );

    const file = await t.app.inject({ method: 'GET', url: location });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe(
      `inline; filename="????.png"; filename*=UTF-8''${encodeURIComponent('配送写真.png')}`,
    );
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    // Opened as a page, with a page's policy: the JSON API's (default-src 'none') would not let a
    // video play in its own tab.
    expect(file.headers['content-security-policy']).toContain("media-src 'self' blob:");
    expect(file.rawPayload.equals(PNG)).toBe(true);
    // Ranges, for video seeking.
    const range = await t.app.inject({ method: 'GET', url: location, headers: { range: 'bytes=0-3' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(PNG.subarray(0, 4))).toBe(true);
    expect(range.headers['content-type']).toBe('image/png');
    // A range past the end and a condition the file does not meet answer in the one error shape
    // (send's own answers were HTML pages labelled as the file's type).
    const past = await t.app.inject({ method: 'GET', url: location, headers: { range: `bytes=${PNG.length + 10}-` } });
    expectError(past, 416, 'RANGE_NOT_SATISFIABLE');
    expect(past.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(past.headers['content-range']).toBe(`bytes */${PNG.length}`);
    const changed = await t.app.inject({ method: 'GET', url: location, headers: { 'if-match': '"another-version"' } });
    expectError(changed, 412, 'PRECONDITION_FAILED');
    expect(changed.headers['content-type']).toBe('application/json; charset=utf-8');
    const unchanged = await t.app.inject({
      method: 'GET',
      url: location,
      headers: { 'if-none-match': String(file.headers.etag) },
    });
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.rawPayload).toHaveLength(0);

    const view = await t.call('GET', API.file(id), { token: users.owner.token });
    expect(view.statusCode).toBe(200);
    expect(view.json()).toMatchObject({ id, fileName: '配送写真.png', isUploaded: true, kind: 'IMAGE' });
  });

  it('asks the entity’s registered check for anyone else; 404 when it says no', async () => {
    const { id, noteId } = await attachedFile();
    expectError(await t.call('GET', API.download(id), { token: users.other.token }), 404, 'FILE_NOT_FOUND');
    expectError(await t.call('GET', API.file(id), { token: users.other.token }), 404, 'FILE_NOT_FOUND');
    visibleNotes.set(users.other.id, new Set([noteId]));
    expect((await t.call('GET', API.download(id), { token: users.other.token })).statusCode).toBe(302);
    expect((await t.call('GET', API.file(id), { token: users.other.token })).statusCode).toBe(200);
    visibleNotes.delete(users.other.id);
    // The admin reads attached files.
    expect((await t.call('GET', API.download(id), { token: users.admin.token })).statusCode).toBe(302);
  });

  it('keeps a file not yet attached to its owner, and answers 401 without a token', async () => {
    const id = await uploadedPng(t, users.owner.token);
    expectError(await t.call('GET', API.download(id), { token: users.other.token }), 404, 'FILE_NOT_FOUND');
    expectError(await t.call('GET', API.download(id), { token: users.admin.token }), 404, 'FILE_NOT_FOUND');
    expectError(await t.call('GET', API.download(id)), 401, 'UNAUTHENTICATED');
    expectError(await t.call('GET', API.file(id)), 401, 'UNAUTHENTICATED');
    expectError(await t.call('GET', API.download(uuidv7()), { token: users.owner.token }), 404, 'FILE_NOT_FOUND');
    const [pending] = await signUploads(t, users.owner.token, [{ fileName: 'a.png', fileType: 'image/png' }]);
    expectError(await t.call('GET', API.download(pending!.fileId), { token: users.owner.token }), 400, 'FILE_NOT_UPLOADED');
  });

  it('refuses a download link once expired or when tampered with', async () => {
    const { id } = await attachedFile();
    const location = (await t.call('GET', API.download(id), { token: users.owner.token })).headers.location as string;
    const url = new URL(location, 'http://x');
    url.searchParams.set('name', 'other.png');
    expectError(await t.app.inject({ method: 'GET', url: url.pathname + url.search }), 403, 'DOWNLOAD_LINK_INVALID');
    url.searchParams.set('name', '配送写真.png');
    url.searchParams.set('expires', String(Number(url.searchParams.get('expires')) + 3600));
    expectError(await t.app.inject({ method: 'GET', url: url.pathname + url.search }), 403, 'DOWNLOAD_LINK_INVALID');

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + (t.config.storage.downloadTtlSeconds + 2) * 1000);
    expectError(await t.app.inject({ method: 'GET', url: location }), 403, 'DOWNLOAD_LINK_INVALID');
  });

  it('does not let a key in a link reach outside the storage directory', async () => {
    // Keys are made by the server; this guards against a bug, not a client.
    const link = await t.app.deps.storage.signDownload('../../secrets.json', 'x.png', 60);
    expectError(await t.app.inject({ method: 'GET', url: link }), 404, 'FILE_NOT_FOUND');
  });
});
