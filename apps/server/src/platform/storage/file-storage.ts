/**
 * Object storage for uploaded files: an interface and its two adapters — local disk
 * with HMAC-signed POST policies served by the API (the embedded default), and S3
 * presigned POST (when S3_BUCKET is set). The browser uploads straight to the signed
 * URL in both cases, so the API never has to trust the client about what was signed.
 */
import { create as contentDisposition } from 'content-disposition';

export interface SignedUpload {
  /** Where the browser POSTs the multipart form. */
  url: string;
  /** Form fields to send before the file (field name `file`, last). */
  fields: Record<string, string>;
}

export interface StoredObject {
  size: number;
  contentType: string | undefined;
}

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** A POST policy for one object: this key, this content type, at most `maxBytes`, for `expiresIn` seconds. */
  signUpload(key: string, contentType: string, maxBytes: number, expiresIn: number): Promise<SignedUpload>;
  /** A URL that reads the object for `expiresIn` seconds, offering it under `fileName`. */
  signDownload(key: string, fileName: string, expiresIn: number): Promise<string>;
  /** The stored object, or undefined when nothing was uploaded under the key. */
  head(key: string): Promise<StoredObject | undefined>;
}

/** Types a browser may show in place; everything else downloads. */
const INLINE = /^(image|video)\/|^application\/pdf$/;

/** The Content-Disposition of a download: inline for media and PDF, with the original (Japanese) name. */
export function downloadDisposition(fileName: string, contentType: string | undefined): string {
  return contentDisposition(fileName, { type: contentType && INLINE.test(contentType) ? 'inline' : 'attachment' });
}
