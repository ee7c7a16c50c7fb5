/**
 * The postal code field against a real HTTP server that answers GET /api/v1/locations the
 * way the API does, reached through the app's real API client.
 */
import { CLIENT_MESSAGES, ERROR_MESSAGES, FORM_TEXT, postalCode, text } from '@logi/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createApiClient } from '../../lib/api-client';
import { createAuthStore } from '../../lib/auth-store';
import { renderForm } from '../../test/form-harness';
import { FormInput } from './input';
import { FormPostalCode, normalizePostalCode, postalLookupVia, type PostalLookup } from './postal-code';

const ADDRESSES: Record<string, { prefecture: string; city: string; town: string }> = {
  '100-0001': { prefecture: '東京都', city: '千代田区', town: '千代田' },
  '150-0001': { prefecture: '東京都', city: '渋谷区', town: '神宮前' },
};
/** A code that names several towns (the real 260-0822). */
const SEVERAL = {
  '260-0822': [
    { prefecture: '千葉県', city: '千葉市中央区', town: '蘇我' },
    { prefecture: '千葉県', city: '千葉市中央区', town: '蘇我町' },
  ],
};
/** Codes whose answer this server holds until the test releases it, to change the code while a lookup runs. */
const SLOW = new Set(['150-0001']);
const held: (() => void)[] = [];
/** Codes whose lookup has settled (answered, failed or aborted), in order. */
const settled: string[] = [];

let server: Server;
let lookup: PostalLookup;
const asked: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const code = url.searchParams.get('postalCode') ?? '';
    asked.push(code);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname !== '/api/v1/locations')
      return send(404, { statusCode: 404, error: 'Not Found', message: '', code: 'ROUTE_NOT_FOUND' });
    if (code === '500-0000')
      return send(500, {
        statusCode: 500,
        error: 'Internal Server Error',
        message: ERROR_MESSAGES.INTERNAL_ERROR,
        code: 'INTERNAL_ERROR',
      });
    const several = SEVERAL[code as keyof typeof SEVERAL];
    if (several) return send(200, { ...several[0], addresses: several });
    const address = ADDRESSES[code];
    if (!address) {
      return send(404, {
        statusCode: 404,
        error: 'Not Found',
        message: ERROR_MESSAGES.POSTAL_CODE_NOT_FOUND,
        code: 'POSTAL_CODE_NOT_FOUND',
      });
    }
    const answer = () => send(200, { ...address, addresses: [address] });
    if (SLOW.has(code)) held.push(answer);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const client = createApiClient({ auth: createAuthStore(), baseUrl: `http://127.0.0.1:${port}/api/v1` });
  const viaApi = postalLookupVia(client);
  lookup = (code, signal) => viaApi(code, signal).finally(() => settled.push(code));
});
afterAll(() => {
  held.splice(0).forEach((answer) => answer());
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

const schema = z.object({ postalCode: postalCode(), prefecture: text(), city: text(), town: text() });

function renderAddressForm(defaults?: Partial<z.input<typeof schema>>) {
  return renderForm(
    schema,
    <>
      <FormPostalCode name="postalCode" label="郵便番号" required lookup={lookup} />
      <FormInput name="prefecture" label="都道府県" />
      <FormInput name="city" label="市区町村" />
      <FormInput name="town" label="町域" />
    </>,
    defaults,
  );
}

const codeBox = () => screen.getByRole('textbox', { name: /郵便番号/ });
const address = () => ['都道府県', '市区町村', '町域'].map((name) => (screen.getByLabelText(name) as HTMLInputElement).value);

describe('normalizePostalCode', () => {
  it('turns full-width digits and seven bare digits into NNN-NNNN', () => {
    expect(normalizePostalCode('１００－０００１')).toBe('100-0001');
    expect(normalizePostalCode('1000001')).toBe('100-0001');
    expect(normalizePostalCode('100-00')).toBe('100-00');
  });
});

describe('FormPostalCode', () => {
  it('fills prefecture, city and town from the lookup of a complete code', async () => {
    const { user, values } = renderAddressForm();
    await user.type(codeBox(), '1000001');
    expect(codeBox()).toHaveValue('100-0001');
    await waitFor(() => expect(address()).toEqual(['東京都', '千代田区', '千代田']));
    expect(values()).toMatchObject({ postalCode: '100-0001', prefecture: '東京都', city: '千代田区', town: '千代田' });
  });

  it('clears the address as soon as the code changes, before any new lookup', async () => {
    const { user, values } = renderAddressForm({
      postalCode: '100-0001',
      prefecture: '東京都',
      city: '千代田区',
      town: '千代田',
    });
    expect(address()).toEqual(['東京都', '千代田区', '千代田']);
    await user.type(codeBox(), '{Backspace}');
    expect(address()).toEqual(['', '', '']);
    expect(values()).toMatchObject({ prefecture: '', city: '', town: '' });
  });

  it('keeps only the answer for the code now shown when the code changes during a lookup', async () => {
    const { user } = renderAddressForm();
    await user.type(codeBox(), '150-0001'); // slow answer
    await user.clear(codeBox());
    await user.type(codeBox(), '100-0001');
    await waitFor(() => expect(address()).toEqual(['東京都', '千代田区', '千代田']));
    // Now the slow answer for 150-0001 arrives (or its request was already abandoned).
    held.splice(0).forEach((answer) => answer());
    await waitFor(() => expect(settled).toContain('150-0001'));
    await act(async () => {});
    expect(address()).toEqual(['東京都', '千代田区', '千代田']);
  });

  it('fills the first of several addresses of one code and lets the user choose another', async () => {
    const { user, values } = renderAddressForm();
    await user.type(codeBox(), '260-0822');
    await waitFor(() => expect(address()).toEqual(['千葉県', '千葉市中央区', '蘇我']));
    const choices = screen.getByRole('group', { name: FORM_TEXT.postalCodeChoose });
    expect(within(choices).getByRole('button', { name: '千葉市中央区蘇我' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(choices).getByRole('button', { name: '千葉市中央区蘇我町' }));
    expect(values()).toMatchObject({ prefecture: '千葉県', city: '千葉市中央区', town: '蘇我町' });

    await user.type(codeBox(), '{Backspace}');
    expect(screen.queryByRole('group', { name: FORM_TEXT.postalCodeChoose })).not.toBeInTheDocument();
  });

  it('says 郵便番号が見つかりませんでした。 for a code that exists nowhere', async () => {
    const { user } = renderAddressForm();
    await user.type(codeBox(), '999-9999');
    expect(await screen.findByText(CLIENT_MESSAGES.postalCodeNotFound)).toHaveClass('text-destructive');
    expect(codeBox()).toHaveAccessibleDescription(expect.stringContaining(CLIENT_MESSAGES.postalCodeNotFound));
    expect(address()).toEqual(['', '', '']);
  });

  it('says 郵便番号の取得に失敗しました。 when the lookup fails', async () => {
    const { user } = renderAddressForm();
    await user.type(codeBox(), '500-0000');
    expect(await screen.findByText(CLIENT_MESSAGES.postalCodeFetchFailed)).toBeInTheDocument();
  });

  it('says 郵便番号の形式が正しくありません。 for a malformed code and does not look it up', async () => {
    const { user } = renderAddressForm();
    const before = asked.length;
    await user.type(codeBox(), '12-345');
    await user.tab();
    expect(screen.getByText(CLIENT_MESSAGES.postalCodeInvalid)).toBeInTheDocument();
    expect(codeBox()).toHaveAttribute('aria-invalid', 'true');
    expect(asked.length).toBe(before);
  });
});
