/**
 * The OpenAPI document for real clients (issue 13): it validates (swagger-parser), and
 * `redocly lint` with its recommended rules finds nothing; every operation has a stable
 * operationId from the route table's key, its security requirement and its error responses.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { fileURLToPath } from 'node:url';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes } from '@logi/contract';
import { createTestApp, type TestApp } from './helpers';

interface Operation {
  operationId?: string;
  security?: unknown[];
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
