/** Chooses the storage adapter from the config: S3 when a bucket is set, local disk otherwise. */
import { API_PREFIX } from '@logi/contract';
import type { Config } from '../../config';
import type { FileStorage } from './file-storage';
import { createLocalStorage } from './local-storage';

/** URL path of the local adapter's upload and download endpoints. */
export const LOCAL_STORAGE_BASE_PATH = `${API_PREFIX}/files`;

export async function createStorage(config: Config): Promise<FileStorage> {
  // The AWS SDK is large: loaded only when S3 is configured.
  if (config.storage.s3) return (await import('./s3-storage')).createS3Storage(config.storage.s3);
  return createLocalStorage({ root: config.storage.uploadsDir, secret: config.jwtSecret, basePath: LOCAL_STORAGE_BASE_PATH });
}
