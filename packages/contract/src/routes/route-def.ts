/** What every entry of the route table is (see routes/index.ts). */
import type { z } from 'zod';
import type { TSignInRole } from '../enums/index';

/** `public`: anyone; `authenticated`: any signed-in role; or the listed roles only. */
export type RouteAccess = 'public' | 'authenticated' | readonly TSignInRole[];

export interface RouteDef {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  access: RouteAccess;
  /** Success status; 200 unless given. */
  status?: 200 | 201;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** Auth endpoints rate-limited per client address. */
  rateLimited?: boolean;
  /**
   * Error statuses of spec §8 beyond those that follow from the entry itself (400 with input,
   * 401 unless public, 403 CSRF on a change, 404 with a path id, 429 when rate-limited).
   */
  errors?: readonly (400 | 401 | 404 | 409)[];
}

// Pure (no side effects), so that a bundle keeps only the route groups it uses.
export const def = /* @__NO_SIDE_EFFECTS__ */ <T extends RouteDef>(d: T) => d;

/** Who posts requests, and who carries them. */
export const SHIPPER = ['CUSTOMER'] as const;
export const CARRIERS = ['DRIVER', 'DRIVER_MANAGER'] as const;

export const API_PREFIX = '/api/v1';

/** The cookies both sides read: the CSRF double-submit token, and the web app's persisted sign-in. */
export const CSRF_COOKIE = 'csrf-token';
export const CSRF_HEADER = 'x-csrf-token';
export const AUTH_COOKIE = 'auth-store';
