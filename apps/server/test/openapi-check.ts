/**
 * Holds the wire to the document (issue 50, decision 088): every answer a test gets from the
 * API through `app.inject` is checked against the app's own `/api/docs/json` — its status is
 * documented for the operation, its content type is one the document gives for that status,
 * a JSON body validates against the documented schema (an error's `code` among those listed),
 * and documented required headers are present. An answer the document does not describe fails
 * the call, so the whole server suite checks the document.
 */
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

type Json = Record<string, unknown>;
interface Response {
  content?: Record<string, unknown>;
  headers?: Record<string, { required?: boolean }>;
}
interface Operation {
  operationId?: string;
  responses: Record<string, Response>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}
interface PathMatcher {
  pattern: RegExp;
  /** Static segments win over parameters, as in the router. */
  staticSegments: number;
  operations: Record<string, Operation>;
  path: string;
}

const API = '/api/v1/';
const escapePointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

export class DocumentChecker {
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  private readonly validators = new Map<string, ValidateFunction>();
  private readonly matchers: PathMatcher[];

  constructor(private readonly document: Document) {
    addFormats.default(this.ajv);
    this.ajv.addSchema(document as unknown as Json, 'openapi.json');
    this.matchers = Object.entries(document.paths)
      .map(([path, operations]) => ({
        path,
        operations,
        // A parameter may be empty, as in the router: `/invitations/` reaches `/invitations/{id}`.
        pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{\w+\\?\}/g, '[^/]*')}$`),
        staticSegments: path.split('/').filter((s) => s && !s.startsWith('{')).length,
      }))
      .sort((a, b) => b.staticSegments - a.staticSegments);
  }

  /** What is wrong with an answer, or undefined when the document describes it. */
  problem(method: string, url: string, res: LightMyRequestResponse): string | undefined {
    // As the request reaches the router: dot segments resolved (an id of `.` names another path).
    const pathname = new URL(url, 'http://localhost').pathname;
    if (!pathname.startsWith(API)) return undefined;
    const verb = (method === 'HEAD' ? 'GET' : method).toLowerCase();
    const matcher = this.matchers.find((m) => m.pattern.test(pathname) && m.operations[verb]);
    const contentType = String(res.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim()
      .toLowerCase();
    if (!matcher) {
      // No operation: the router's 404, in the one error shape.
      const body = contentType === 'application/json' ? (JSON.parse(res.body) as Json) : undefined;
      return res.statusCode === 404 && body?.code === 'ROUTE_NOT_FOUND'
        ? undefined
        : `no operation documents ${method} ${pathname}`;
    }
    const operation = matcher.operations[verb]!;
    const where = `${operation.operationId} (${method} ${matcher.path}) answered ${res.statusCode}`;
    const response = operation.responses[String(res.statusCode)];
    if (!response) return `${where}: status not documented (${this.codeOf(res)})`;
    for (const [name, header] of Object.entries(response.headers ?? {})) {
      if (header.required && res.headers[name.toLowerCase()] === undefined) return `${where}: without its ${name} header`;
    }
    const hasBody = res.rawPayload.length > 0 && method !== 'HEAD';
    if (!response.content) return hasBody ? `${where}: a body (${contentType}) where none is documented` : undefined;
    if (!(contentType in response.content)) {
      return `${where}: content type "${contentType}" not documented (${Object.keys(response.content).join(', ')})`;
    }
    if (contentType !== 'application/json' || !hasBody) return undefined;
    const pointer = ['paths', matcher.path, verb, 'responses', String(res.statusCode), 'content', contentType, 'schema']
      .map(escapePointer)
      .join('/');
    const validate = this.validator(pointer);
    if (validate(JSON.parse(res.body))) return undefined;
    const errors = (validate.errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
    return `${where}: body does not match the document (${this.codeOf(res)}): ${errors.join('; ')}`;
  }

  private codeOf(res: LightMyRequestResponse) {
    try {
      return String((JSON.parse(res.body) as Json).code ?? 'no code');
    } catch {
      return 'not JSON';
    }
  }

  private validator(pointer: string) {
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.compile({ $ref: `openapi.json#/${pointer}` });
      this.validators.set(pointer, validate);
    }
    return validate;
  }
}

/** Checkers by document, shared by the apps of one test file that serve the same document. */
const checkers = new Map<string, DocumentChecker>();

/**
 * Makes every `app.inject` of this app check its answer against the app's document: a call
 * whose answer the document does not describe rejects with what is wrong.
 */
export async function checkAnswersAgainstDocument(app: FastifyInstance): Promise<void> {
  const inject = app.inject.bind(app);
  const text = (await inject({ method: 'GET', url: '/api/docs/json' })).body;
  let checker = checkers.get(text);
  if (!checker) {
    checker = new DocumentChecker(JSON.parse(text) as Document);
    checkers.set(text, checker);
  }
  const checked = checker;
  const wrapped = async (options: InjectOptions | string) => {
    const opts = typeof options === 'string' ? { url: options } : options;
    const res = await inject(opts);
    const url = typeof opts.url === 'string' ? opts.url : ((opts.path as string | undefined) ?? '');
    const problem = checked.problem(String(opts.method ?? 'GET').toUpperCase(), url, res);
    if (problem) throw new Error(`The answer is not what the OpenAPI document says: ${problem}`);
    return res;
  };
  app.inject = ((options?: InjectOptions | string, callback?: unknown) =>
    options === undefined || callback !== undefined
      ? (inject as (...a: unknown[]) => unknown)(options, callback)
      : wrapped(options)) as typeof app.inject;
}
