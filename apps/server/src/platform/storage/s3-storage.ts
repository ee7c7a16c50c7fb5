/**
 * The production storage adapter: S3 (or an S3-compatible service) with presigned POST
 * for uploads — S3 itself enforces the key, the content type and the size range signed
 * into the policy — and presigned GET for downloads.
 */
import { GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { fileTypeFor } from '@logi/contract';
import type { S3Config } from '../../config';
import { downloadDisposition, type FileStorage, type StoredObject } from './file-storage';

export interface S3Storage extends FileStorage {
  readonly kind: 's3';
  readonly client: S3Client;
}

export function createS3Storage(config: S3Config): S3Storage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
  });
  const Bucket = config.bucket;

  return {
    kind: 's3',
    client,

    async signUpload(key, contentType, maxBytes, expiresIn) {
      const { url, fields } = await createPresignedPost(client, {
        Bucket,
        Key: key,
        Conditions: [
          ['content-length-range', 1, maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: expiresIn,
      });
      return { url, fields };
    },

    async signDownload(key, fileName, expiresIn) {
      const command = new GetObjectCommand({
        Bucket,
        Key: key,
        ResponseContentDisposition: downloadDisposition(fileName, fileTypeFor(fileName)),
      });
      return getSignedUrl(client, command, { expiresIn });
    },

    async head(key): Promise<StoredObject | undefined> {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: head.ContentLength ?? 0, contentType: head.ContentType };
      } catch (err) {
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return undefined;
        throw err;
      }
    },
  };
}
