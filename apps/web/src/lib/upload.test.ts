/**
 * The upload flow against a real HTTP server that answers like the API and its local storage
 * endpoint: sign, POST each file as multipart with progress (jsdom's XMLHttpRequest sends real
 * requests), confirm.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from './api-client';
import { createAuthStore } from './auth-store';
import { type FileProgress, UploadError, describeFile, overallProgress, signedFormData, uploaderVia } from './upload';

declare const jsdom: { reconfigure(options: { url: string }): void };

const at = '2026-11-23T09:00:00.000Z';
const fileId = (n: number) => `0190f5a0-0000-7000-8000-${String(n).padStart(12, '0')}`;

interface Received {
  path: string;
  contentType: string;
  body: string;
}
const api = {
  signed: [] as { fileName: string; fileType: string }[],
  filePath: undefined as string | undefined,
  stored: [] as Received[],
  confirmed: [] as string[][],
  /** Storage answers this status to every upload. */
  storageStatus: 204,
};

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};

let server: Server;
beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readBody(req);
    if (req.url === '/api/v1/files/upload') {
      const input = JSON.parse(body) as { files: { fileName: string; fileType: string }[]; filePath?: string };
      api.signed.push(...input.files);
      api.filePath = input.filePath;
      return json(
        res,
        201,
        input.files.map((f, i) => ({
          fileId: fileId(i + 1),
          url: '/storage/upload', // relative, as the local adapter answers
          fields: { key: `uploads/u/${fileId(i + 1)}/${f.fileName}`, 'Content-Type': f.fileType, policy: 'signed' },
          expiresAt: at,
          maxBytes: 10 * 1024 * 1024,
        })),
      );
    }
    if (req.url === '/storage/upload') {
      // jsdom treats the request as cross-origin and preflights it (listening to upload progress
      // forces a preflight); the storage answers as an S3 bucket with a CORS rule would.
      res.setHeader('access-control-allow-origin', '*');
      if (req.method === 'OPTIONS') {
        res.writeHead(204, { 'access-control-allow-methods': 'POST' });
        return res.end();
      }
      api.stored.push({ path: req.url, contentType: req.headers['content-type'] ?? '', body });
      res.writeHead(api.storageStatus);
      return res.end();
    }
    if (req.url === '/api/v1/files/confirm') {
      const { fileIds } = JSON.parse(body) as { fileIds: string[] };
      api.confirmed.push(fileIds);
      return json(
        res,
        200,
        fileIds.map((id) => ({
          id,
          fileUrl: `/files/${id}`,
          fileType: 'image/png',
          fileName: 'x.png',
          kind: 'IMAGE',
          isUploaded: true,
          createdAt: at,
          updatedAt: at,
        })),
      );
    }
    json(res, 404, { statusCode: 404, error: 'Not Found', message: '', code: 'ROUTE_NOT_FOUND' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  jsdom.reconfigure({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  Object.assign(api, { signed: [], filePath: undefined, stored: [], confirmed: [], storageStatus: 204 });
});

const uploadFiles = () => uploaderVia(createApiClient({ auth: createAuthStore() }));
const bytes = (n: number, char = 'a') => char.repeat(n);

describe('describeFile', () => {
  it('names the file and its type, guessing the type from the extension when the browser gives none', () => {
    expect(describeFile(new File(['x'], '荷物.png', { type: 'image/png' }))).toEqual({
      fileName: '荷物.png',
      fileType: 'image/png',
    });
    expect(describeFile(new File(['x'], 'movie.mov'))).toEqual({ fileName: 'movie.mov', fileType: 'video/quicktime' });
  });
});

describe('signedFormData', () => {
  it('holds every signed field and then the file as `file`', () => {
    const file = new File(['png'], 'a.png', { type: 'image/png' });
    const body = signedFormData({ fields: { key: 'uploads/k', policy: 'p' } }, file);
    expect([...body.keys()]).toEqual(['key', 'policy', 'file']);
    expect(body.get('file')).toBeInstanceOf(File);
  });
});

describe('overallProgress', () => {
  it('weighs each file by its size', () => {
    expect(overallProgress([])).toBe(0);
    expect(
      overallProgress([
        { loaded: 100, total: 100 },
        { loaded: 0, total: 300 },
      ]),
    ).toBe(0.25);
    expect(overallProgress([{ loaded: 500, total: 400 }])).toBe(1);
    expect(overallProgress([{ loaded: 0, total: 0 }])).toBe(1);
  });
});

describe('uploadFiles', () => {
  it('signs, sends each file with its fields and progress, confirms, and answers the ids in order', async () => {
    const files = [
      new File([bytes(200_000)], 'front.png', { type: 'image/png' }),
      new File([bytes(1_000, 'b')], 'back.jpg', { type: 'image/jpeg' }),
    ];
    const seen: FileProgress[][] = [];
    const ids = await uploadFiles()(files, { filePath: 'request-items/images', onProgress: (p) => seen.push(p) });

    expect(ids).toEqual([fileId(1), fileId(2)]);
    expect(api.signed).toEqual([
      { fileName: 'front.png', fileType: 'image/png' },
      { fileName: 'back.jpg', fileType: 'image/jpeg' },
    ]);
    expect(api.filePath).toBe('request-items/images');
    expect(api.stored).toHaveLength(2);
    const front = api.stored.find((s) => s.body.includes('front.png'))!;
    expect(front.contentType).toMatch(/^multipart\/form-data; boundary=/);
    // Fields first, the file last (S3 ignores fields after the file).
    expect(front.body.indexOf('name="key"')).toBeLessThan(front.body.indexOf('name="file"'));
    expect(front.body).toContain(`uploads/u/${fileId(1)}/front.png`);
    expect(front.body).toContain(bytes(200_000));
    expect(api.confirmed).toEqual([[fileId(1), fileId(2)]]);

    expect(seen[0]).toEqual([
      { loaded: 0, total: 200_000 },
      { loaded: 0, total: 1_000 },
    ]);
    expect(seen.at(-1)).toEqual([
      { loaded: 200_000, total: 200_000 },
      { loaded: 1_000, total: 1_000 },
    ]);
    const overall = seen.map(overallProgress);
    expect(overall).toEqual([...overall].sort((a, b) => a - b)); // never goes back
  });

  it('rejects with UploadError and confirms nothing when the storage refuses a file', async () => {
    api.storageStatus = 403;
    const file = new File(['png'], 'a.png', { type: 'image/png' });
    await expect(uploadFiles()([file])).rejects.toEqual(new UploadError('a.png', 403));
    expect(api.confirmed).toEqual([]);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadFiles()([new File(['png'], 'a.png', { type: 'image/png' })], { signal: controller.signal }),
    ).rejects.toThrow();
    expect(api.stored).toEqual([]);
  });
});
