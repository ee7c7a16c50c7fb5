/** GET /locations?postalCode=: the address fields a form fills from a postal code. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { login, makeUser } from '../../../test/fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lookup = (postalCode?: string, token?: string) =>
  t.call(
    'GET',
    postalCode === undefined ? '/api/v1/locations' : `/api/v1/locations?postalCode=${encodeURIComponent(postalCode)}`,
    {
      token,
    },
  );

const one = (prefecture: string, city: string, town: string) => ({
  prefecture,
  city,
  town,
  addresses: [{ prefecture, city, town }],
});

describe('GET /locations', () => {
  it.each([
    ['100-0001', one('東京都', '千代田区', '千代田')],
    ['150-0001', one('東京都', '渋谷区', '神宮前')],
    ['060-0001', one('北海道', '札幌市中央区', '北一条西')],
    ['900-0001', one('沖縄県', '那覇市', '港町')],
    ['907-1801', one('沖縄県', '八重山郡与那国町', '与那国')],
    // Japan Post's 「以下に掲載がない場合」: the code covers the whole city, the town is left to the user.
    ['100-0000', one('東京都', '千代田区', '')],
  ])('answers %s with its prefecture, city and town, to anyone (no token)', async (code, expected) => {
    const res = await lookup(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(expected);
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // Remembered answers are the same answer.
    expect((await lookup(code)).json()).toEqual(expected);
  });

  it('fills the fields with the first of several towns and lists them all', async () => {
    const res = await lookup('260-0822');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      prefecture: '千葉県',
      city: '千葉市中央区',
      town: '蘇我',
      addresses: [
        { prefecture: '千葉県', city: '千葉市中央区', town: '蘇我' },
        { prefecture: '千葉県', city: '千葉市中央区', town: '蘇我町' },
      ],
    });
  });

  it('lists every city of a code shared by two cities', async () => {
    const res = await lookup('198-0000');
    expect(res.json()).toEqual({
      prefecture: '東京都',
      city: '青梅市',
      town: '',
      addresses: [
        { prefecture: '東京都', city: '青梅市', town: '' },
        { prefecture: '東京都', city: '西多摩郡奥多摩町', town: '' },
      ],
    });
  });

  it('answers a signed-in caller of any role the same way', async () => {
    for (const role of ['CUSTOMER', 'DRIVER_MANAGER', 'DRIVER', 'ADMIN'] as const) {
      const user = await makeUser(t, [role]);
      const { accessToken } = await login(t, user.email, role);
      const res = await lookup('150-0001', accessToken);
      expect(res.statusCode, role).toBe(200);
      expect(res.json(), role).toEqual(one('東京都', '渋谷区', '神宮前'));
    }
  });

  it.each(['999-9999', '000-0000', '100-0099'])('answers an unknown code %s with 404 and the spec message', async (code) => {
    const res = await lookup(code);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      code: 'POSTAL_CODE_NOT_FOUND',
      message: '郵便番号が見つかりませんでした。',
    });
  });

  const FORMAT = '郵便番号の形式が正しくありません。';
  it.each([
    ['seven digits without the hyphen', '1000001', FORMAT],
    ['two digits after the hyphen', '100-00', FORMAT],
    ['four digits before the hyphen', '1000-001', FORMAT],
    ['a long trailing part', '100-00011', FORMAT],
    ['full-width digits', '１００-０００１', FORMAT],
    ['a katakana prolonged sound mark for the hyphen', '100ー0001', FORMAT],
    ['letters', 'abc-defg', FORMAT],
    ['an address instead of a code', '東京都千代田区', FORMAT],
    ['an empty value', '', '必須項目です。'],
    ['no postalCode at all', undefined, '必須項目です。'],
  ])('refuses %s with 400 and the Japanese field message', async (_case, code, message) => {
    const res = await lookup(code);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ statusCode: 400, code: 'VALIDATION_FAILED', message: '入力内容に誤りがあります。' });
    expect(body.details).toContainEqual({ path: 'querystring.postalCode', message });
  });
});
