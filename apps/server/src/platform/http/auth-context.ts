/** Who is calling: set on the request by the authenticator (modules/auth). */
import type { TSignInRole } from '@logi/contract';
import type { FastifyRequest } from 'fastify';

export interface AuthContext {
  userId: string;
  role: TSignInRole;
  familyId: string;
}

/** Resolves the bearer token of a request; throws AppError when it is not acceptable. */
export type Authenticator = (request: FastifyRequest) => Promise<AuthContext>;

/** Reads `Authorization: Bearer <token>`; undefined when absent or malformed. */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}
