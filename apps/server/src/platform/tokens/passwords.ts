/** Password hashing with argon2id; the cost comes from the config. */
import { hash, verify } from '@node-rs/argon2';

/** @node-rs/argon2's `Algorithm.Argon2id` (a const enum, which isolated modules cannot read). */
const ARGON2ID = 2;

export interface Argon2Params {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
}

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(hashed: string, password: string): Promise<boolean>;
  readonly params: Argon2Params;
}

export function createPasswordHasher(params: Argon2Params): PasswordHasher {
  return {
    params,
    hash: (password) => hash(password, { algorithm: ARGON2ID, ...params }),
    verify: async (hashed, password) => {
      try {
        return await verify(hashed, password);
      } catch {
        return false;
      }
    },
  };
}
