/** The files calls of the route table. */
import { def } from './route-def';
import {
  ZConfirmUploadBody,
  ZFileIdParams,
  ZFileView,
  ZFileViewList,
  ZRedirect,
  ZUploadBody,
  ZUploadResponse,
} from '../schemas/files';

export const fileRoutes = {
  upload: def({
    method: 'POST',
    path: '/files/upload',
    summary: 'ファイルアップロード用の署名（1ファイル1ポリシー）',
    access: 'authenticated',
    status: 201,
    body: ZUploadBody,
    response: ZUploadResponse,
  }),
  confirm: def({
    method: 'POST',
    path: '/files/confirm',
    summary: 'アップロード完了の確認（ファイル情報を返す）',
    access: 'authenticated',
    body: ZConfirmUploadBody,
    response: ZFileViewList,
  }),
  get: def({
    method: 'GET',
    path: '/files/:id',
    summary: 'ファイル情報（署名付きURL）',
    access: 'authenticated',
    params: ZFileIdParams,
    response: ZFileView,
  }),
  download: def({
    method: 'GET',
    path: '/files/:id/download',
    summary: 'ファイルのダウンロード（署名付きURLへ302リダイレクト）',
    access: 'authenticated',
    params: ZFileIdParams,
    response: ZRedirect,
  }),
} as const;
