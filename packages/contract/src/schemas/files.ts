/**
 * Files (spec §3 File, §5 Upload, §7 Files): the accepted types and size limit per
 * kind, the upload-signing call, the confirm call and the file descriptor.
 *
 * Flow: POST /files/upload signs one policy per file → the client POSTs each file as
 * multipart to `url` with `fields` (+ the file last, field name `file`) → POST
 * /files/confirm marks them uploaded and answers their descriptors → the ids go into
 * the request item, message … that uses them.
 */
import { z } from 'zod';
import { FileKind, type TFileKind } from '../enums/index';
import { CLIENT_MESSAGES, FIELD_MESSAGES } from '../messages';
import { uuid } from './common';

/** At most this many files per upload field and per call (spec §5, §9). */
export const UPLOAD_MAX_FILES = 5;

const MiB = 1024 * 1024;

interface FileKindRule {
  /** Largest accepted file, in bytes (ours: the spec gives no size). */
  maxBytes: number;
  /** Accepted extensions (lowercase, no dot) and the MIME types each may declare; the first is canonical. */
  types: Record<string, readonly [string, ...string[]]>;
}

/** Spec §5: images jpg jpeg png gif webp; videos mp4 webm mov; documents pdf docx doc xlsx csv. */
export const FILE_KIND_RULES = {
  IMAGE: {
    maxBytes: 10 * MiB,
    types: {
      jpg: ['image/jpeg'],
      jpeg: ['image/jpeg'],
      png: ['image/png'],
      gif: ['image/gif'],
      webp: ['image/webp'],
    },
  },
  VIDEO: {
    maxBytes: 100 * MiB,
    types: {
      mp4: ['video/mp4'],
      webm: ['video/webm'],
      mov: ['video/quicktime'],
    },
  },
  DOCUMENT: {
    maxBytes: 20 * MiB,
    types: {
      pdf: ['application/pdf'],
      docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
      doc: ['application/msword'],
      xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      // Windows browsers report .csv as the Excel type.
      csv: ['text/csv', 'application/vnd.ms-excel'],
    },
  },
} as const satisfies Record<TFileKind, FileKindRule>;

/** The largest size any kind accepts. */
export const FILE_MAX_BYTES = Math.max(...FileKind.values.map((k) => FILE_KIND_RULES[k].maxBytes));

/** The lowercase extension of a file name, without the dot ('' when none). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

function ruleOf(extension: string): [TFileKind, readonly string[]] | undefined {
  for (const kind of FileKind.values) {
    const types = FILE_KIND_RULES[kind].types as Record<string, readonly string[]>;
    if (Object.hasOwn(types, extension)) return [kind, types[extension]!];
  }
  return undefined;
}

/**
 * The kind of a file when its extension is accepted and its declared MIME type is one
 * of that extension's; undefined otherwise (the upload is refused).
 */
export function fileKindOf(fileName: string, fileType: string): TFileKind | undefined {
  const rule = ruleOf(fileExtension(fileName));
  return rule && rule[1].includes(fileType.toLowerCase()) ? rule[0] : undefined;
}

/** The canonical MIME type for a file name, for browsers that report none (''). */
export function fileTypeFor(fileName: string): string | undefined {
  return ruleOf(fileExtension(fileName))?.[1][0];
}

/** Accepted extensions of the given kinds (default: all), e.g. for the field's hint. */
export function acceptedExtensions(kinds: readonly TFileKind[] = FileKind.values): string[] {
  return kinds.flatMap((k) => Object.keys(FILE_KIND_RULES[k].types));
}

/** The `accept` attribute of a file input for the given kinds. */
export function acceptAttribute(kinds: readonly TFileKind[] = FileKind.values): string {
  return acceptedExtensions(kinds)
    .map((e) => `.${e}`)
    .join(',');
}

/** A file name as the user's device names it: no path, no control characters. */
// eslint-disable-next-line no-control-regex
const FILE_NAME = /^[^/\\\u0000-\u001f\u007f]+$/;

export const ZUploadFile = z.lazy(() =>
  z
    .object({
      fileName: z
        .string({ error: FIELD_MESSAGES.required })
        .trim()
        .min(1, FIELD_MESSAGES.required)
        .max(255, FIELD_MESSAGES.tooLong(255))
        .regex(FILE_NAME, FIELD_MESSAGES.fileName),
      fileType: z
        .string({ error: FIELD_MESSAGES.required })
        .trim()
        .min(1, FIELD_MESSAGES.required)
        .max(127, FIELD_MESSAGES.tooLong(127))
        .transform((v) => v.toLowerCase()),
    })
    .superRefine((file, ctx) => {
      if (!fileKindOf(file.fileName, file.fileType)) {
        ctx.addIssue({ code: 'custom', path: ['fileType'], message: FIELD_MESSAGES.fileTypeNotAllowed });
      }
    }),
);
export type TUploadFile = z.infer<typeof ZUploadFile>;

export const ZUploadBody = z.lazy(() =>
  z.object({
    files: z
      .array(ZUploadFile, { error: FIELD_MESSAGES.required })
      .min(1, FIELD_MESSAGES.required)
      .max(UPLOAD_MAX_FILES, CLIENT_MESSAGES.tooManyFiles(UPLOAD_MAX_FILES)),
    /** A folder hint of the client (e.g. request-items/images); kept with the file, not used in the key. */
    filePath: z
      .string({ error: FIELD_MESSAGES.invalidType })
      .trim()
      .max(100, FIELD_MESSAGES.tooLong(100))
      .regex(/^[A-Za-z0-9_\-/]*$/, FIELD_MESSAGES.filePath)
      .optional()
      .default(''),
  }),
);
export type TUploadBody = z.input<typeof ZUploadBody>;

/** One signed upload: POST multipart to `url` with every field of `fields`, then the file as `file`. */
export const ZSignedUpload = z.lazy(() =>
  z.object({
    fileId: z.uuid(),
    url: z.string(),
    fields: z.record(z.string(), z.string()),
    /** When the policy stops being accepted. */
    expiresAt: z.iso.datetime({ offset: true }),
    /** The size limit signed into the policy, in bytes. */
    maxBytes: z.number().int(),
  }),
);
export type TSignedUpload = z.infer<typeof ZSignedUpload>;

export const ZUploadResponse = z.lazy(() => z.array(ZSignedUpload));
export type TUploadResponse = z.infer<typeof ZUploadResponse>;

/** A list of ids of uploaded files, as other calls take them (images, attachments). */
export const fileIdList = (max: number = UPLOAD_MAX_FILES) =>
  z
    .array(uuid(), { error: FIELD_MESSAGES.invalidType })
    .max(max, CLIENT_MESSAGES.tooManyFiles(max))
    .transform((ids) => [...new Set(ids)]);

export const ZConfirmUploadBody = z.lazy(() =>
  z.object({ fileIds: fileIdList().refine((ids) => ids.length > 0, FIELD_MESSAGES.required) }),
);
export type TConfirmUploadBody = z.input<typeof ZConfirmUploadBody>;

/** The file descriptor every view embeds. `fileUrl` is a short-lived signed download URL (null until uploaded). */
export const ZFileView = z.lazy(() =>
  z.object({
    id: z.uuid(),
    fileUrl: z.string().nullable(),
    fileType: z.string(),
    fileName: z.string(),
    kind: FileKind.schema,
    isUploaded: z.boolean(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  }),
);
export type TFileView = z.infer<typeof ZFileView>;

export const ZFileViewList = z.lazy(() => z.array(ZFileView));

export const ZFileIdParams = z.lazy(() => z.object({ id: uuid() }));

/** GET /files/:id/download answers 302 to the signed URL: no body. */
export const ZRedirect = z.lazy(() => z.null());

/** Every content type a stored file may have (spec §5), as the download answers it. */
export const STORED_FILE_TYPES = [
  ...new Set(FileKind.values.flatMap((k) => Object.values(FILE_KIND_RULES[k].types).flat())),
  'application/octet-stream',
];

/** The embedded storage's multipart upload form: the fields of a signed upload, then the file. */
export const ZLocalUploadForm = z.lazy(() =>
  z.object({
    key: z.string(),
    'Content-Type': z.string(),
    policy: z.string(),
    signature: z.string(),
    file: z.string().meta({ format: 'binary' }),
  }),
);

/** The embedded storage's signed download link (the query of a file view's `url`). */
export const ZLocalDownloadQuery = z.lazy(() =>
  z.object({ key: z.string(), name: z.string(), expires: z.string(), signature: z.string() }),
);
