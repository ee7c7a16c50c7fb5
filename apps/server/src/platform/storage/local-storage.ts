/**
 * The embedded storage adapter: objects on local disk, uploaded by the browser with a
 * POST policy that the API signs and then checks itself, the way S3 checks its own.
 *
 * A policy is base64url JSON {key, contentType, maxBytes, expires} with an HMAC-SHA256
 * signature; the form must carry `key`, `Content-Type`, `policy` and `signature`
 * before the file. A download URL carries key, name and expiry under another HMAC.
 * Each object keeps its content type in a sidecar `<object>.meta.json`.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../errors/app-error';
import type { FileStorage, SignedUpload, StoredObject } from './file-storage';

interface UploadPolicy {
  key: string;
  contentType: string;
  maxBytes: number;
  /** Epoch seconds. */
  expires: number;
}

/** One part of the multipart form, as @fastify/multipart yields it. */
export type UploadPart =
  | { type: 'field'; fieldname: string; value: unknown }
  | { type: 'file'; fieldname: string; mimetype: string; file: Readable & { truncated?: boolean } };

export interface LocalDownload {
  /** Absolute path of the object, for a ranged file sender. */
  filePath: string;
  contentType: string | undefined;
  fileName: string;
  /** Seconds the link stays valid (the cache may keep the answer that long). */
  remainingSeconds: number;
}

export interface LocalStorage extends FileStorage {
  readonly kind: 'local';
  /** Checks the policy of a multipart upload and stores its file; throws AppError when refused. */
  receiveUpload(parts: AsyncIterable<UploadPart>): Promise<{ key: string; size: number }>;
  /** Checks a signed download link. */
  resolveDownload(query: Record<string, unknown>): Promise<LocalDownload>;
}

export interface LocalStorageOptions {
  /** The directory that plays the bucket. */
  root: string;
  /** HMAC key material (the server's secret); a storage-specific key is derived from it. */
  secret: string;
  /** URL path under which the upload and download endpoints are served. */
  basePath: string;
  now?: () => number;
}

export function isLocalStorage(storage: FileStorage): storage is LocalStorage {
  return storage.kind === 'local';
}

export const LOCAL_UPLOAD_PATH = '/local-upload';
export const LOCAL_DOWNLOAD_PATH = '/local-download';

const b64 = (s: string) => Buffer.from(s).toString('base64url');

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function isPolicy(v: unknown): v is UploadPolicy {
  const p = v as UploadPolicy;
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof p.key === 'string' &&
    typeof p.contentType === 'string' &&
    Number.isInteger(p.maxBytes) &&
    Number.isInteger(p.expires)
  );
}

/** Counts the bytes going through and fails as soon as there are more than `max`. */
function limitBytes(max: number, counted: { bytes: number }) {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counted.bytes += chunk.length;
      if (counted.bytes > max) done(new AppError('UPLOAD_TOO_LARGE'));
      else done(null, chunk);
    },
  });
}

export function createLocalStorage(options: LocalStorageOptions): LocalStorage {
  const root = path.resolve(options.root);
  const now = options.now ?? (() => Date.now());
  const key = createHmac('sha256', options.secret).update('logi/local-file-storage').digest();
  const sign = (purpose: string, ...parts: string[]) =>
    createHmac('sha256', key)
      .update([purpose, ...parts].join('\n'))
      .digest('base64url');
  const nowSeconds = () => Math.floor(now() / 1000);

  /** The object's path; a key that would leave the bucket is refused. */
  function objectPath(objectKey: string): string {
    const full = path.resolve(root, objectKey);
    if (!full.startsWith(root + path.sep) || objectKey.endsWith('.meta.json')) throw new AppError('FILE_NOT_FOUND');
    return full;
  }

  function verifyPolicy(fields: Map<string, string>): UploadPolicy {
    const encoded = fields.get('policy');
    const signature = fields.get('signature');
    if (!encoded || !signature || !sameString(signature, sign('upload', encoded))) throw new AppError('UPLOAD_POLICY_INVALID');
    let policy: unknown;
    try {
      policy = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
    } catch {
      throw new AppError('UPLOAD_POLICY_INVALID');
    }
    if (!isPolicy(policy)) throw new AppError('UPLOAD_POLICY_INVALID');
    if (policy.expires < nowSeconds()) throw new AppError('UPLOAD_POLICY_EXPIRED');
    // As in S3: every signed field must be sent unchanged.
    if (fields.get('key') !== policy.key) throw new AppError('UPLOAD_POLICY_INVALID');
    if (fields.get('content-type')?.toLowerCase() !== policy.contentType) throw new AppError('UPLOAD_TYPE_MISMATCH');
    return policy;
  }

  async function store(policy: UploadPolicy, file: Readable & { truncated?: boolean }): Promise<number> {
    const target = objectPath(policy.key);
    await mkdir(path.dirname(target), { recursive: true });
    // Written beside the target and renamed: a refused or broken upload leaves nothing.
    const partial = `${target}.${randomBytes(6).toString('hex')}.part`;
    const counted = { bytes: 0 };
    try {
      await pipeline(file, limitBytes(policy.maxBytes, counted), createWriteStream(partial));
      if (file.truncated) throw new AppError('UPLOAD_TOO_LARGE');
      if (counted.bytes === 0) throw new AppError('UPLOAD_FILE_MISSING');
      await writeFile(`${target}.meta.json`, JSON.stringify({ contentType: policy.contentType }));
      await rename(partial, target);
    } catch (err) {
      file.resume();
      await unlink(partial).catch(() => undefined);
      throw err;
    }
    return counted.bytes;
  }

  async function head(objectKey: string): Promise<StoredObject | undefined> {
    const target = objectPath(objectKey);
    const info = await stat(target).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const meta = await readFile(`${target}.meta.json`, 'utf8')
      .then((text) => JSON.parse(text) as { contentType?: string })
      .catch(() => ({ contentType: undefined }));
    return { size: info.size, contentType: meta.contentType };
  }

  return {
    kind: 'local',

    async signUpload(objectKey, contentType, maxBytes, expiresIn): Promise<SignedUpload> {
      objectPath(objectKey);
      const policy = b64(JSON.stringify({ key: objectKey, contentType, maxBytes, expires: nowSeconds() + expiresIn }));
      return {
        url: options.basePath + LOCAL_UPLOAD_PATH,
        fields: { key: objectKey, 'Content-Type': contentType, policy, signature: sign('upload', policy) },
      };
    },

    async signDownload(objectKey, fileName, expiresIn) {
      const expires = String(nowSeconds() + expiresIn);
      const query = new URLSearchParams({
        key: objectKey,
        name: fileName,
        expires,
        signature: sign('download', objectKey, fileName, expires),
      });
      return `${options.basePath}${LOCAL_DOWNLOAD_PATH}?${query}`;
    },

    head,

    async receiveUpload(parts) {
      // Field names are case-insensitive, as in S3's POST form, except the values we compare.
      const fields = new Map<string, string>();
      for await (const part of parts) {
        if (part.type === 'field') {
          if (typeof part.value === 'string') fields.set(part.fieldname.toLowerCase(), part.value);
          continue;
        }
        if (part.fieldname !== 'file') {
          part.file.resume();
          continue;
        }
        let policy: UploadPolicy;
        try {
          policy = verifyPolicy(fields);
          // The browser labels the part with the file's own type; it must be the signed one.
          const declared = part.mimetype.toLowerCase();
          if (declared && declared !== 'application/octet-stream' && declared !== policy.contentType) {
            throw new AppError('UPLOAD_TYPE_MISMATCH');
          }
        } catch (err) {
          part.file.resume();
          throw err;
        }
        // The first file is the upload; anything after it is ignored, as S3 does.
        return { key: policy.key, size: await store(policy, part.file) };
      }
      throw new AppError('UPLOAD_FILE_MISSING');
    },

    async resolveDownload(query) {
      const { key: objectKey, name, expires, signature } = query;
      if (
        typeof objectKey !== 'string' ||
        typeof name !== 'string' ||
        typeof expires !== 'string' ||
        typeof signature !== 'string' ||
        !sameString(signature, sign('download', objectKey, name, expires))
      ) {
        throw new AppError('DOWNLOAD_LINK_INVALID');
      }
      const remainingSeconds = Number(expires) - nowSeconds();
      if (!(remainingSeconds >= 0)) throw new AppError('DOWNLOAD_LINK_INVALID');
      const object = await head(objectKey);
      if (!object) throw new AppError('FILE_NOT_FOUND');
      return { filePath: objectPath(objectKey), contentType: object.contentType, fileName: name, remainingSeconds };
    },
  };
}
