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

  // A lazy schema's mistakes surface when it is first built, not when the module loads: here, so
  // that no client meets one on its first call.
  it.each(schemas)('%s builds', (_name, schema) => {
    expect((schema as z.ZodLazy).unwrap()).toBeInstanceOf(z.ZodType);
  });
});
