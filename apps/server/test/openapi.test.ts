/**
 * The OpenAPI document for real clients (issue 13): it validates (swagger-parser), and
 * `redocly lint` with its recommended rules finds nothing; every operation has a stable
 * operationId from the route table's key, its security requirement and its error responses.
 * Issue 50: every status with the codes it carries and the true media types; the check that
 * holds every test's answers to the document refuses what the document does not describe.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { fileURLToPath } from 'node:url';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes } from '@logi/contract';
import { createTestApp, type TestApp } from './helpers';
import { DocumentChecker } from './openapi-check';

interface Operation {
  operationId?: string;
  security?: unknown[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
}

let t: TestApp;
let document: { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>> };
beforeAll(async () => {
  t = await createTestApp();
  document = JSON.parse((await t.call('GET', '/api/docs/json')).body);
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(document.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method, op })));

describe('the OpenAPI document', () => {
  it('validates against the OpenAPI schema (swagger-parser)', async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeDefined();
  });

  it('passes redocly lint with the recommended rules (redocly.yaml), warnings included', async () => {
    const config = await loadConfig({ configPath: fileURLToPath(new URL('../redocly.yaml', import.meta.url)) });
    const problems = await lintFromString({ source: JSON.stringify(document), absoluteRef: 'openapi.json', config });
    expect(problems.map((p) => `${p.ruleId}: ${p.message} @ ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });

  it('names its server, and gives every operation the route table key as operationId, security and 4xx', () => {
    expect(document.servers?.[0]?.url).toBe(t.config.appUrl);
    const login = document.paths['/api/v1/auth/login']!.post!;
    expect(login.operationId).toBe('auth.login');
    expect(login.security).toEqual([]);
    expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '429']));
    const session = document.paths['/api/v1/auth/session']!.get!;
    expect(session.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(session.responses)).toEqual(expect.arrayContaining(['401', '404']));
    expect(document.paths['/api/v1/auth/users/{id}/toggle-status']!.patch!.operationId).toBe('auth.toggleStatus');
    const ids = operations().map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { path, method, op } of operations()) {
      expect(op.operationId, `${method} ${path}`).toMatch(/^[a-z][A-Za-z]*\.[a-z][A-Za-z0-9]*$/);
      expect(
        Object.keys(op.responses).some((s) => s.startsWith('4')),
        `${method} ${path}`,
      ).toBe(true);
    }
    expect(authRoutes.login.path).toBe('/auth/login');
  });
});

describe('the answers the document describes (decision 088)', () => {
  const path = (p: string) => document.paths[`/api/v1${p}`]!;
  const codes = (op: Operation, status: number) =>
    (op.responses[status] as { content: { 'application/json': { schema: { properties: { code: { enum: string[] } } } } } })
      .content['application/json'].schema.properties.code.enum;

  it('lists every status a call answers, each with the codes it carries, as JSON', () => {
    const ownerDelete = path('/request-items/{requestItemId}/owner').delete!;
    expect(Object.keys(ownerDelete.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '409', '500', '503']),
    );
    expect(codes(ownerDelete, 409)).toEqual(expect.arrayContaining(['DELIVERY_DELETE_NOT_ALLOWED']));
    expect(codes(ownerDelete, 401)).toEqual(expect.arrayContaining(['UNAUTHENTICATED', 'ROLE_NOT_ALLOWED']));
    expect(codes(ownerDelete, 403)).toContain('CSRF_INVALID');
    expect(codes(path('/request-items/request-prices').post!, 402)).toEqual(['SUBSCRIPTION_PAYMENT_REQUIRED']);
    expect(codes(path('/request-items/{requestItemId}/messages').post!, 409)).toContain('TALKROOM_INACTIVE');
    expect(codes(path('/request-items/complete/{requestItemId}').patch!, 409)).toContain('REPORT_INCOMPLETE');
    expect(codes(path('/request-items/apply-fixed-price').post!, 409)).toContain('APPLICATION_CLOSED');
    expect(codes(path('/auth/login').post!, 429)).toEqual(expect.arrayContaining(['RATE_LIMITED', 'LOGIN_LOCKED']));
  });

  it('gives file answers their types: the PDF, the stored file, the stream, the redirect', () => {
    const content = (op: Operation, status: number) => Object.keys((op.responses[status] as { content: object }).content);
    expect(content(path('/request-items/{requestItemId}/transport-conditions').get!, 200)).toEqual(['application/pdf']);
    expect(content(path('/notifications/stream').get!, 200)).toEqual(['text/event-stream']);
    expect(content(path('/files/local-download').get!, 200)).toEqual(
      expect.arrayContaining(['image/png', 'application/pdf', 'text/csv']),
    );
    expect(
      Object.keys(path('/files/{id}/download').get!.responses).filter((s) => s.startsWith('2') || s.startsWith('3')),
    ).toEqual(['302']);
    expect(Object.keys(path('/files/local-upload').post!.requestBody!.content)).toEqual(['multipart/form-data']);
  });

  it('refuses, in the test suite’s check, an answer the document does not describe', () => {
    const checker = new DocumentChecker(document as never);
    const answer = (statusCode: number, body: unknown, contentType = 'application/json; charset=utf-8') => {
      const raw = Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
      return {
        statusCode,
        headers: contentType ? { 'content-type': contentType } : {},
        body: raw.toString(),
        rawPayload: raw,
      } as never;
    };
    const error = (statusCode: number, code: string) => ({ statusCode, error: 'x', message: 'x', code });
    const item = '/api/v1/request-items/01900000-0000-7000-8000-000000000000';
    // documented
    expect(checker.problem('DELETE', `${item}/owner`, answer(409, error(409, 'DELIVERY_DELETE_NOT_ALLOWED')))).toBeUndefined();
    expect(checker.problem('GET', '/api/v1/nothing-here', answer(404, error(404, 'ROUTE_NOT_FOUND')))).toBeUndefined();
    // An id of `.` is resolved away before the router: no route, whatever the document says of `{id}`.
    expect(
      checker.problem('PATCH', '/api/v1/auth/users/./toggle-status', answer(404, error(404, 'ROUTE_NOT_FOUND'))),
    ).toBeUndefined();
    // … and where the id was the last segment, the router reaches `{id}` with an empty one, and answers for it.
    expect(
      checker.problem('DELETE', '/api/v1/drivers/company/invitations/.', answer(400, error(400, 'VALIDATION_FAILED'))),
    ).toBeUndefined();
    // a status, a code, a media type, a body and a path the document does not give
    expect(checker.problem('GET', '/api/v1/request-items/my-items', answer(409, error(409, 'REQUEST_STATUS_CONFLICT')))).toMatch(
      /status not documented/,
    );
    expect(checker.problem('DELETE', `${item}/owner`, answer(409, error(409, 'TALKROOM_INACTIVE')))).toMatch(
      /code must be equal/,
    );
    expect(
      checker.problem('GET', '/api/v1/request-items/my-items/x', answer(404, error(404, 'REQUEST_ITEM_NOT_FOUND'), '')),
    ).toMatch(/content type "" not documented/);
    expect(checker.problem('GET', `${item}/transport-conditions`, answer(200, { pdf: true }))).toMatch(
      /content type "application\/json"/,
    );
    expect(checker.problem('GET', '/api/v1/auth/session', answer(200, { id: 1 }))).toMatch(/body does not match/);
    expect(checker.problem('GET', '/api/v1/files/x/download', answer(302, ''))).toMatch(/without its Location header/);
    expect(checker.problem('POST', '/api/v1/nothing-here', answer(200, {}))).toMatch(/no operation documents/);
  });
});
