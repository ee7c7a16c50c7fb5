/**
 * Files: signing uploads, confirming them, attaching them to an entity and reading them.
 *
 * A file row is created when its upload is signed. It becomes `isUploaded` when the
 * object is in storage: on the local adapter's POST itself, or — for S3, where the
 * browser talks to S3 alone — when the client calls POST /files/confirm, which asks
 * storage (HEAD). Other modules then `attachFiles` inside their own transaction: only
 * the uploader, only uploaded files, each file to one entity. Reading goes through
 * `fileViews` (signed short-lived URLs, one query) or GET /files/:id[/download], which
 * asks the check registered for the file's entity type whether the reader may see it.
 */
import type { TFileKind, TFileView, TUploadResponse } from '@logi/contract';
import { FILE_KIND_RULES, fileExtension, fileKindOf, type TSignedUpload } from '@logi/contract';
import { v7 as uuidv7 } from 'uuid';
import type { Database } from '../../platform/db/database';
import type { Deps } from '../../platform/deps';
import { AppError } from '../../platform/errors/app-error';
import type { AuthContext } from '../../platform/http/auth-context';
import * as repo from './files.repository';

export type { FileRow } from './files.repository';

/** What a file can be attached to. Add a value when a module starts attaching files. */
export type FileEntityType =
  | 'REQUEST_ITEM_IMAGE'
  | 'DELIVERY_REPORT'
  | 'MESSAGE'
  | 'NOTIFICATION'
  | 'INVOICE'
  /** A carrier company's insurance certificate (decision 104): its manager and the admin read it. */
  | 'CARRIER_VERIFICATION';

/** May `reader` see the entity `entityId` (and so its files)? Runs on the reader's request. */
export type FileReadCheck = (db: Database, reader: AuthContext, entityId: string) => Promise<boolean>;

// The checks are code, the same in every API instance: registered once at start-up.
const readChecks = new Map<FileEntityType, FileReadCheck>();

/**
 * Registers who may read the files attached to entities of a type (request items,
 * messages …). Without a check only the uploader and the admin read them.
 */
export function registerFileReadCheck(entityType: FileEntityType, check: FileReadCheck): void {
  readChecks.set(entityType, check);
}

export interface AttachFilesInput {
  /** The caller: only their own files can be attached. */
  ownerId: string;
  fileIds: readonly string[];
  entityType: FileEntityType;
  entityId: string;
  /** Kinds this use accepts (e.g. images only); any kind when omitted. */
  kinds?: readonly TFileKind[];
}

/**
 * Attaches uploaded files to an entity, inside the caller's transaction (rows locked).
 * Refuses (AppError) a file that is unknown or someone else's (FILE_NOT_FOUND, 404),
 * not uploaded (FILE_NOT_UPLOADED, 400), attached to another entity
 * (FILE_ALREADY_ATTACHED, 409) or of a kind not accepted (FILE_KIND_NOT_ALLOWED, 400).
 * Attaching again to the same entity is a no-op. Answers the rows in the order given.
 */
export async function attachFiles(tx: Database, input: AttachFilesInput): Promise<repo.FileRow[]> {
  const ids = [...new Set(input.fileIds)];
  const rows = new Map((await repo.findFiles(tx, ids, true)).map((row) => [row.id, row]));
  const ordered = ids.map((id) => {
    const row = rows.get(id);
    if (!row || row.ownerId !== input.ownerId) throw new AppError('FILE_NOT_FOUND');
    if (!row.isUploaded) throw new AppError('FILE_NOT_UPLOADED');
    if (row.entityId && (row.entityId !== input.entityId || row.entityType !== input.entityType)) {
      throw new AppError('FILE_ALREADY_ATTACHED');
    }
    if (input.kinds && !input.kinds.includes(row.kind)) throw new AppError('FILE_KIND_NOT_ALLOWED');
    return row;
  });
  const fresh = ordered.filter((row) => !row.entityId).map((row) => row.id);
  await repo.attachFiles(tx, fresh, input.entityType, input.entityId);
  return ordered;
}

/** What building a file view needs: a database (or transaction), storage and the URL lifetime. */
export type FileViewDeps = Pick<Deps, 'db' | 'storage' | 'config'>;

async function toView(deps: FileViewDeps, row: repo.FileRow): Promise<TFileView> {
  return {
    id: row.id,
    fileUrl: row.isUploaded
      ? await deps.storage.signDownload(row.key, row.fileName, deps.config.storage.downloadTtlSeconds)
      : null,
    fileType: row.fileType,
    fileName: row.fileName,
    kind: row.kind,
    isUploaded: row.isUploaded,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Views of these files (one query; signing is local computation), in the order given;
 * unknown ids are left out. The caller has already decided that the reader may see them.
 */
export async function fileViews(deps: FileViewDeps, fileIds: readonly string[]): Promise<TFileView[]> {
  const rows = new Map((await repo.findFiles(deps.db, [...new Set(fileIds)])).map((row) => [row.id, row]));
  const ordered = fileIds.map((id) => rows.get(id)).filter((row) => row !== undefined);
  return Promise.all(ordered.map((row) => toView(deps, row)));
}

/** Views of the files attached to each of these entities (one query), oldest first. */
export async function fileViewsByEntity(
  deps: FileViewDeps,
  entityType: FileEntityType,
  entityIds: readonly string[],
): Promise<Map<string, TFileView[]>> {
  const rows = await repo.findFilesByEntity(deps.db, entityType, [...new Set(entityIds)]);
  const views = await Promise.all(rows.map((row) => toView(deps, row)));
  const byEntity = new Map<string, TFileView[]>(entityIds.map((id) => [id, []]));
  rows.forEach((row, i) => byEntity.get(row.entityId!)?.push(views[i]!));
  return byEntity;
}

/**
 * The object key of a file: uploads/<ownerId>/<fileId>/<safe name>. The safe name keeps
 * ASCII letters, digits, dot, dash and underscore (the original name is kept in the row
 * and offered on download), so keys need no escaping anywhere.
 */
export function objectKey(ownerId: string, fileId: string, fileName: string): string {
  const extension = fileExtension(fileName);
  const stem = fileName
    .slice(0, extension ? -(extension.length + 1) : undefined)
    .normalize('NFKC')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 80);
  return `uploads/${ownerId}/${fileId}/${stem || 'file'}${extension ? `.${extension}` : ''}`;
}

export function createFilesService(deps: Deps) {
  const { db, storage, config } = deps;

  /** The file if `reader` may see it; 404 otherwise, so ids cannot be probed. */
  async function readable(reader: AuthContext, id: string): Promise<repo.FileRow> {
    const row = await repo.findFileById(db, id);
    if (!row) throw new AppError('FILE_NOT_FOUND');
    if (row.ownerId === reader.userId) return row;
    if (row.entityType && row.entityId) {
      if (reader.role === 'ADMIN') return row;
      const check = readChecks.get(row.entityType as FileEntityType);
      if (check && (await check(db, reader, row.entityId))) return row;
    }
    throw new AppError('FILE_NOT_FOUND');
  }

  return {
    /** Signs one upload policy per file: the owner's key prefix, the declared type, the kind's size limit. */
    async signUploads(auth: AuthContext, body: { files: { fileName: string; fileType: string }[]; filePath: string }) {
      const expiresIn = config.storage.uploadTtlSeconds;
      const expiresAt = new Date(Date.now() + expiresIn * 1000).toISOString();
      const rows = body.files.map((file): repo.NewFile => {
        // The contract accepted the name and type, so the kind exists.
        const kind = fileKindOf(file.fileName, file.fileType)!;
        const id = uuidv7();
        return {
          id,
          ownerId: auth.userId,
          key: objectKey(auth.userId, id, file.fileName),
          fileName: file.fileName,
          fileType: file.fileType,
          kind,
          filePath: body.filePath,
          maxBytes: FILE_KIND_RULES[kind].maxBytes,
        };
      });
      const signed = await Promise.all(
        rows.map(async (row): Promise<TSignedUpload> => {
          const { url, fields } = await storage.signUpload(row.key, row.fileType, row.maxBytes, expiresIn);
          return { fileId: row.id!, url, fields, expiresAt, maxBytes: row.maxBytes };
        }),
      );
      await repo.insertFiles(db, rows);
      return signed satisfies TUploadResponse;
    },

    /**
     * Marks the caller's files uploaded once storage holds them (S3 uploads bypass the
     * API) and answers their views; 400 when one is still missing.
     */
    async confirmUploads(auth: AuthContext, fileIds: string[]): Promise<TFileView[]> {
      const rows = await repo.findFiles(db, fileIds);
      if (rows.length !== fileIds.length || rows.some((row) => row.ownerId !== auth.userId)) {
        throw new AppError('FILE_NOT_FOUND');
      }
      for (const row of rows.filter((r) => !r.isUploaded)) {
        const object = await storage.head(row.key);
        if (!object) throw new AppError('FILE_NOT_UPLOADED');
        await repo.markUploaded(db, row.id, object.size);
      }
      return fileViews(deps, fileIds);
    },

    async getFile(auth: AuthContext, id: string): Promise<TFileView> {
      return toView(deps, await readable(auth, id));
    },

    /** A short-lived signed URL of a file the caller may read. */
    async downloadUrl(auth: AuthContext, id: string): Promise<string> {
      const row = await readable(auth, id);
      if (!row.isUploaded) throw new AppError('FILE_NOT_UPLOADED');
      return storage.signDownload(row.key, row.fileName, config.storage.downloadTtlSeconds);
    },

    /** The local adapter stored an object: its file is uploaded. */
    async recordUpload(key: string, size: number): Promise<void> {
      await repo.markUploadedByKey(db, key, size);
    },
  };
}
