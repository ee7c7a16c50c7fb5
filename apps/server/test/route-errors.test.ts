/**
 * Every error code a route can throw is in its OpenAPI document (decision 088): the codes read
 * from each route's handler and what it calls (thrown-codes.ts) are among those its contract
 * entry documents — the entry's own `errors` and those that follow from the entry itself.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { errorCodesByStatus, routeTableIndex } from '../src/platform/http/openapi';
import { type ThrownCodes, thrownCodes } from './thrown-codes';

const entries = new Map([...routeTableIndex().values()].map((e) => [e.operationId, e.def]));
let thrown: ThrownCodes['byRoute'];
let untyped: ThrownCodes['untyped'];
// Type-checking the server's source takes a while on a busy machine.
beforeAll(() => {
  ({ byRoute: thrown, untyped } = thrownCodes());
});

describe('the error codes of every route', () => {
  it('finds every route of the contract registered with its entry', () => {
    expect([...entries.keys()].filter((operationId) => !thrown.has(operationId))).toEqual([]);
  });

  it('reads every code a route can throw: none is typed as any ErrorCode', () => {
    // Type such a value as the codes it can be (`Extract<ErrorCode, 'A' | 'B'>`), so that its routes document them.
    expect([...untyped]).toEqual([]);
  });

  it("documents every code a route's handler and services can throw, in the entry's `errors`", () => {
    const undocumented: Record<string, string[]> = {};
    for (const [operationId, codes] of thrown) {
      const def = entries.get(operationId);
      const documented = new Set(def ? [...errorCodesByStatus(def).values()].flat() : []);
      const missing = [...codes].filter((code) => !documented.has(code as never)).sort();
      if (missing.length > 0) undocumented[operationId] = missing;
    }
    // Add each to the `errors` of its entry in packages/contract/src/routes/<group>.ts.
    expect(undocumented).toEqual({});
  });
});
