/** What every entry of the route table is (see routes/index.ts). */
import type { z } from 'zod';
import type { TSignInRole } from '../enums/index';
import type { ErrorCode } from '../messages';

/** `public`: anyone; `authenticated`: any signed-in role; or the listed roles only. */
export type RouteAccess = 'public' | 'authenticated' | readonly TSignInRole[];

export interface RouteDef {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  path: string;
  summary: string;
  access: RouteAccess;
  /** Success status; 200 unless given (302: a redirect, `Location` its only content; 204: no body). */
  status?: 200 | 201 | 204 | 302;
  /**
   * The media types of the success answer when it is not JSON (a PDF, a stored file, a stream):
   * `response` then describes nothing the client parses as JSON.
   */
  produces?: readonly string[];
  /** A stored file's answer: byte ranges (206) and conditional requests (304) besides the whole file. */
  ranges?: boolean;
  /** The request body's media type when it is not JSON (the local upload's multipart form). */
  consumes?: 'multipart/form-data';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response: z.ZodType;
  /** The largest body this call takes, in bytes, when larger than the app's 1 MiB (the CSV import's 500 requests). */
  bodyLimit?: number;
  /** Auth endpoints rate-limited per client address. */
  rateLimited?: boolean;
  /**
   * The error codes this call's own handler and services can answer, beyond those that follow
   * from the entry itself (invalid input, sign-in and role, CSRF on a change, rate limit, 5xx):
   * the OpenAPI document lists each under its status (decision 088). A test walks the handler's
   * calls and fails when it can throw an AppError code not listed here.
   */
  errors?: readonly ErrorCode[];
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

/*
 * Error codes that several routes share because one service function answers them all
 * (checked by the server's route-errors test, decision 088).
 */
/** The request lifecycle's one decision (decide) refuses with any of these. */
export const LIFECYCLE_DECISION_ERRORS = [
  'CANCEL_NOT_ALLOWED',
  'CANDIDATE_ALREADY_APPROVED',
  'DELIVERY_DELETE_NOT_ALLOWED',
  'MEETING_ALREADY_CONFIRMED',
  'REPORT_INCOMPLETE',
  'REQUEST_ACTION_FORBIDDEN',
  'REQUEST_ITEM_NOT_FOUND',
  'REQUEST_STATUS_CONFLICT',
  'REQUEST_TYPE_MISMATCH',
  'SELECTION_CLOSED',
  'WAREHOUSE_DELETE_NOT_ALLOWED',
] as const satisfies readonly ErrorCode[];

/** Applying to a request, at a bid or at the fixed price. */
export const APPLY_ERRORS = [
  'APPLICATION_CLOSED',
  'BID_NOT_ALLOWED',
  'CANNOT_APPLY_OWN_REQUEST',
  'FIXED_PRICE_NOT_AVAILABLE',
  'REQUEST_ITEM_NOT_FOUND',
  'SUBSCRIPTION_PAYMENT_REQUIRED',
  'USER_NOT_FOUND',
  'VERIFIED_CARRIER_REQUIRED',
] as const satisfies readonly ErrorCode[];

/** Any call that reaches the card payment provider: a refused card, or the provider unreachable. */
export const CARD_ERRORS = [
  'CARD_DECLINED',
  'CARD_EXPIRED',
  'CARD_INCORRECT_CVC',
  'CARD_INSUFFICIENT_FUNDS',
  'CARD_NUMBER_INVALID',
  'CARD_PROCESSING_ERROR',
  'PAYMENT_PROVIDER_UNAVAILABLE',
] as const satisfies readonly ErrorCode[];
