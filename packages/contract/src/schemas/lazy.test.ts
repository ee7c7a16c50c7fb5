import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '../index';

/** Every schema the contract exports (Z<Name>), by name. */
const schemas = Object.entries(contract as Record<string, unknown>).filter(
  (entry): entry is [string, z.ZodType] => entry[0].startsWith('Z') && entry[1] instanceof z.ZodType,
);

describe('schemas built on first use (decision 077)', () => {
  it('exports every schema behind z.lazy, so loading the contract builds none of them', () => {
    expect(schemas.length).toBeGreaterThan(150);
    expect(schemas.filter(([, schema]) => !(schema instanceof z.ZodLazy)).map(([name]) => name)).toEqual([]);
  });

  it('builds an enumeration’s schema on first use too, once', () => {
    const enums = Object.entries(contract as Record<string, unknown>).filter(
      (entry): entry is [string, { schema: z.ZodEnum }] =>
        typeof entry[1] === 'object' && entry[1] !== null && 'values' in entry[1] && 'labels' in entry[1],
    );
    expect(enums.length).toBeGreaterThan(15);
    const eager = enums.filter(([, e]) => !Object.getOwnPropertyDescriptor(e, 'schema')?.get).map(([name]) => name);
    expect(eager).toEqual([]);
    for (const [, e] of enums) expect(e.schema).toBe(e.schema);
  });

  // A lazy schema's mistakes surface when it is first built, not when the module loads: here, so
  // that no client meets one on its first call.
  it.each(schemas)('%s builds', (_name, schema) => {
    expect((schema as z.ZodLazy).unwrap()).toBeInstanceOf(z.ZodType);
  });
});
