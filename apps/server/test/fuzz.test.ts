/**
 * Property-based fuzzing of every operation of the route table (fast-check): whatever a
 * client sends, the answer is never a 5xx, and every 4xx is the one error shape with a
 * Japanese message. Every route group the contract exports is iterated, and every route the
 * server registers under /api must be in it, so a route added later is fuzzed without
 * touching this file.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '@logi/contract';
import { API_PREFIX, FIELD_MESSAGES, type RouteDef, type TSignInRole, ZErrorResponse } from '@logi/contract';
import { createTestApp, type TestApp } from './helpers';
import { login, makeManagerWithDrivers, makeUser } from './fixtures';

const isRoute = (v: unknown): v is RouteDef =>
  typeof v === 'object' && v !== null && 'method' in v && 'path' in v && 'response' in v && 'access' in v;

/** Every entry of every route group the contract exports (`authRoutes`, `requestItemRoutes`, …). */
const table: [string, RouteDef][] = Object.entries(contract)
  .filter(([name, group]) => name.endsWith('Routes') && typeof group === 'object' && group !== null)
  .flatMap(([group, entries]) =>
    Object.entries(entries as object)
      .filter(([, d]) => isRoute(d))
      .map(([key, d]) => [`${group}.${key}`, d as RouteDef] as [string, RouteDef]),
  );

/**
 * Keys a schema knows (an object schema's shape, behind the contract's z.lazy; none otherwise),
 * so that generated input hits real fields.
 */
function keysOf(schema: z.ZodType | undefined): string[] {
  const built = schema instanceof z.ZodLazy ? schema.unwrap() : schema;
  return built instanceof z.ZodObject ? Object.keys(built.shape) : [];
}

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;
const control = fc.constantFrom('\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u007f', '\u0085', '\u009f');
/** Half a UTF-16 pair alone (issue 43): refused like a control character, with its own message. */
const loneSurrogate = fc.constantFrom('\ud800', '\udbff', '\udc00', '\udfff');
const poisonedBy = (bad: fc.Arbitrary<string>) =>
  fc.tuple(fc.string({ maxLength: 8 }), bad, fc.string({ maxLength: 8 })).map((p) => p.join(''));
const poisoned = poisonedBy(control);
/** A lone surrogate travels only in a JSON body (as an escape): a URL holds UTF-8, which has no half pairs. */
const poisonedBody = poisonedBy(fc.oneof(control, loneSurrogate));
/** Strings a client may send: any unicode, numbers as text, very long ones, control characters. */
const anyText = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer().map(String),
  fc.constant('a'.repeat(3000)),
  { weight: 3, arbitrary: poisoned },
);
const anyJson = fc.oneof(fc.jsonValue({ maxDepth: 3 }), anyText);
const pathValue = fc.oneof(anyText, fc.uuid()).filter((s) => s.length > 0);

function objectOver(keys: string[], value: fc.Arbitrary<unknown>) {
  const known = keys.length > 0 ? fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: keys.length }) : fc.constant({});
  return fc.tuple(known, fc.dictionary(fc.string({ maxLength: 6 }), value, { maxKeys: 2 })).map(([a, b]) => ({ ...b, ...a }));
}

function urlOf(def: RouteDef, params: Record<string, string>, query: Record<string, unknown>) {
  const path = def.path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? 'x'));
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) search.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  const qs = search.toString();
  return `${API_PREFIX}${path}${qs ? `?${qs}` : ''}`;
}

function inputOf(def: RouteDef, param: fc.Arbitrary<string> = pathValue) {
  const paramNames = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  return fc.record({
    params: fc.record(Object.fromEntries(paramNames.map((n) => [n, param]))) as fc.Arbitrary<Record<string, string>>,
    query: objectOver(keysOf(def.query), fc.oneof(anyText, fc.array(anyText, { maxLength: 2 }))),
    body: fc.oneof({ weight: 4, arbitrary: objectOver(keysOf(def.body), anyJson) }, { weight: 1, arbitrary: anyJson }),
  });
}

/**
 * Path parameters that are not ids (a schedule's `:date`), each with a value its schema takes:
 * Fastify checks params before body and query, so a test of the body needs them valid.
 */
function nonIdParamsOf(def: RouteDef): Record<string, string> {
  const names = [...def.path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
  const probe = def.params?.safeParse(Object.fromEntries(names.map((n) => [n, '00000000-0000-4000-8000-000000000000'])));
  const notIds = probe && !probe.success ? probe.error.issues.map((i) => String(i.path[0])) : [];
  return Object.fromEntries(notIds.map((n) => [n, '2026-12-01']));
}

let t: TestApp;
const tokens = new Map<TSignInRole, string>();
beforeAll(async () => {
  t = await createTestApp();
  const { manager, drivers } = await makeManagerWithDrivers(t, 1);
  const customer = await makeUser(t, ['CUSTOMER']);
  const admin = await makeUser(t, ['ADMIN']);
  for (const [role, email] of [
    ['CUSTOMER', customer.email],
    ['DRIVER_MANAGER', manager.email],
    ['DRIVER', drivers[0]!.email],
    ['ADMIN', admin.email],
  ] as const) {
    tokens.set(role, (await login(t, email, role)).accessToken);
  }
});
afterAll(() => t.close());

/** A caller the route admits (its first role), so that input reaches the handler. */
function callerOf(def: RouteDef): string | undefined {
  if (def.access === 'public') return undefined;
  return tokens.get(def.access === 'authenticated' ? 'CUSTOMER' : def.access[0]!);
}

async function send(
  def: RouteDef,
  input: { params: Record<string, string>; query: Record<string, unknown>; body: unknown },
  token?: string,
) {
  return t.call(def.method, urlOf(def, input.params, input.query), {
    token,
    ...(def.method === 'GET' && !def.body ? {} : { body: input.body as object }),
  });
}

function expectClientError(res: { statusCode: number; body: string; json(): unknown }, label: string) {
  expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    const body = ZErrorResponse.parse(res.json());
    expect(body.statusCode).toBe(res.statusCode);
    expect(body.message, label).toMatch(JAPANESE);
  }
}

const RUNS = 40;

describe('the route table', () => {
  it('holds every /api route the server registers', async () => {
    const documented = new Set(table.map(([, d]) => `${d.method} ${API_PREFIX}${d.path.replace(/:(\w+)/g, '{$1}')}`));
    const spec = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const served = Object.entries(spec.paths)
      .filter(([path]) => path.startsWith('/api/'))
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    expect(served.filter((op) => !documented.has(op))).toEqual([]);
    expect(table.length).toBeGreaterThan(50);
  });
});

describe.each(table)('%s', (name, def) => {
  const hasInput = Boolean(def.params || def.query || def.body) || /:\w+/.test(def.path);

  it('anyone sending anything: never 5xx; a 4xx is the error shape in Japanese', async () => {
    await fc.assert(
      fc.asyncProperty(inputOf(def), async (input) => expectClientError(await send(def, input), name)),
      { numRuns: RUNS },
    );
  });

  if (hasInput)
    it('an admitted caller with wrong input: never 5xx', async () => {
      await fc.assert(
        fc.asyncProperty(inputOf(def), async (input) => expectClientError(await send(def, input, callerOf(def)), name)),
        { numRuns: RUNS },
      );
    });

  // One field wrong, the others absent (defaults apply): the input gets past validation
  // as far as it can, into the handler and the database, where the NUL of defect 2 failed.
  const fields = [...keysOf(def.query).map((k) => ['query', k] as const), ...keysOf(def.body).map((k) => ['body', k] as const)];
  if (fields.length > 0)
    it('one field wrong at a time: never 5xx', async () => {
      const token = callerOf(def);
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...fields), anyText, fc.uuid(), async ([part, key], value, id) => {
          const params = Object.fromEntries([...def.path.matchAll(/:(\w+)/g)].map((m) => [m[1]!, id]));
          const input = {
            params,
            query: part === 'query' ? { [key]: value } : {},
            body: part === 'body' ? { [key]: value } : {},
          };
          expectClientError(await send(def, input, token), name);
        }),
        { numRuns: Math.min(80, 12 * fields.length) },
      );
    });

  // Not a JSON body (the local upload's multipart form, read part by part): its query alone.
  const jsonBody = def.consumes ? undefined : def.body;
  if (def.query || jsonBody)
    it('a control character or a lone surrogate in any field: 400 with the field named', async () => {
      const field = jsonBody ? 'body' : 'query';
      const keys = keysOf(jsonBody ?? def.query);
      await fc.assert(
        // Valid ids: Fastify checks params before body and query, and stops at the first part that fails.
        fc.asyncProperty(
          inputOf(def, fc.uuid()),
          fc.constantFrom(...(keys.length ? keys : ['x'])),
          jsonBody ? poisonedBody : poisoned,
          async (input, key, bad) => {
            const params = { ...input.params, ...nonIdParamsOf(def) };
            const poisonedInput = { ...input, params, [field]: { ...(input[field] as object), [key]: bad } };
            const res = await send(def, poisonedInput, callerOf(def));
            expect(res.statusCode, `${name}: ${res.body}`).toBe(400);
            const error = ZErrorResponse.parse(res.json());
            // A `__proto__` key is refused by the JSON parser before any schema runs.
            if (error.code === 'INVALID_JSON') return;
            expect(error.details).toContainEqual({
              path: `${field === 'body' ? 'body' : 'querystring'}.${key}`,
              message: contract.patterns.CONTROL_CHARACTER.test(bad)
                ? FIELD_MESSAGES.controlCharacter
                : FIELD_MESSAGES.loneSurrogate,
            });
          },
        ),
        { numRuns: RUNS },
      );
    });
});
