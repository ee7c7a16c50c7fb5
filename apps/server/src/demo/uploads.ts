/**
 * The demo's files, made in code (the demo ships no asset files) and uploaded as the app uploads
 * them: a signed, typed policy per file, the object stored under it (the local adapter's own check,
 * or a POST to S3), then the upload confirmed.
 */
import { Readable } from 'node:stream';
import { crc32, deflateSync } from 'node:zlib';
import { createFilesService } from '../modules/files/files.service';
import type { Deps } from '../platform/deps';
import type { AuthContext } from '../platform/http/auth-context';
import { isLocalStorage } from '../platform/storage/local-storage';

/** A plain PNG of one colour (64×48 unless told): the report's photos, the insurance certificate. */
export function plainPng(rgb: [number, number, number], width = 64, height = 48): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface DemoFile {
  fileName: string;
  fileType: string;
  content: Buffer;
}

/** Uploads the files as `owner` and answers their ids, uploaded and confirmed, in the order given. */
export async function uploadDemoFiles(
  deps: Deps,
  owner: AuthContext,
  filePath: string,
  list: readonly DemoFile[],
): Promise<string[]> {
  const files = createFilesService(deps);
  const signed = await files.signUploads(owner, {
    filePath,
    files: list.map(({ fileName, fileType }) => ({ fileName, fileType })),
  });
  for (const [i, upload] of signed.entries()) {
    const { fileName, fileType, content } = list[i]!;
    const { storage } = deps;
    if (isLocalStorage(storage)) {
      const fields = Object.entries(upload.fields).map(([fieldname, value]) => ({ type: 'field' as const, fieldname, value }));
      const file = { type: 'file' as const, fieldname: 'file', mimetype: fileType, file: Readable.from([content]) };
      await storage.receiveUpload(
        (async function* () {
          yield* fields;
          yield file;
        })(),
      );
    } else {
      const form = new FormData();
      for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
      form.append('file', new Blob([new Uint8Array(content)], { type: fileType }), fileName);
      const res = await fetch(upload.url, { method: 'POST', body: form });
      if (!res.ok) throw new Error(`demo upload failed: ${res.status}`);
    }
  }
  const ids = signed.map((s) => s.fileId);
  await files.confirmUploads(owner, ids);
  return ids;
}
