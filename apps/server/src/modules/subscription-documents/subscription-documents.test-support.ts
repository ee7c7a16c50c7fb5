/** What the subscription documents' tests share: the list, a PDF's download, its text read back. */
import { extractText, getDocumentProxy } from 'unpdf';
import { expect } from 'vitest';
import { type TSubscriptionDocumentList, japanDay } from '@logi/contract';
import type { TestApp } from '../../../test/helpers';
import { API } from '../payments/payments.test-support';

export async function pdfText(body: Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(body)), { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/** 2026年1月30日: a Japan-time day as the documents print it. */
export const longDay = (iso: string) => {
  const [y, m, d] = japanDay(iso).split('-');
  return `${y}年${Number(m)}月${Number(d)}日`;
};

export async function documentsOf(t: TestApp, token: string) {
  const res = await t.call('GET', `${API}/payments/documents`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TSubscriptionDocumentList).data;
}

export async function pdfOf(t: TestApp, token: string, id: string, kind: 'invoice' | 'receipt') {
  const res = await t.call('GET', `${API}/payments/documents/${id}/${kind}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res;
}
