/**
 * Errors as codes: services throw `new AppError('USER_NOT_FOUND')`; this table
 * maps every code to its HTTP status, and the contract's catalogue gives the
 * Japanese message. The error handler is the only place that renders them.
 */
import { ERROR_MESSAGES, type ErrorCode } from '@logi/contract';

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  INVALID_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
  RATE_LIMITED: 429,
  CSRF_INVALID: 403,
  UNAUTHENTICATED: 401,
  ACCESS_TOKEN_INVALID: 401,
  ACCESS_TOKEN_EXPIRED: 401,
  REFRESH_TOKEN_INVALID: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_SUSPENDED: 401,
  ROLE_NOT_ALLOWED: 401,
  ADMIN_REQUIRED: 401,
  USER_NOT_FOUND: 404,
  EMAIL_ALREADY_REGISTERED: 409,
  EMAIL_ALREADY_VERIFIED: 409,
  EMAIL_MISMATCH: 401,
  EMAIL_SAME_AS_CURRENT: 409,
  VERIFICATION_TOKEN_INVALID: 404,
  VERIFICATION_TOKEN_EXPIRED: 409,
  RESET_TOKEN_FORMAT_INVALID: 400,
  RESET_TOKEN_INVALID: 404,
  INVITE_TOKEN_INVALID: 404,
  INVITE_TOKEN_USED: 409,
  ALREADY_A_DRIVER: 401,
  RESEND_ALREADY_VERIFIED: 401,
  INVITEE_HAS_ACCOUNT: 401,
  PASSWORD_MISMATCH: 400,
  CURRENT_PASSWORD_INCORRECT: 401,
  EXISTING_PASSWORD_REQUIRED: 401,
  ROLE_NOT_REGISTERED: 404,
  COMPANY_OWNER_ONLY: 400,
  PARENT_SUSPENDED: 409,
  POSTAL_CODE_INVALID: 400,
  POSTAL_CODE_NOT_FOUND: 404,
};

export interface FieldError {
  path: string;
  message: string;
}

export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    readonly details?: FieldError[],
  ) {
    super(ERROR_MESSAGES[code]);
    this.name = 'AppError';
    this.statusCode = ERROR_STATUS[code];
  }
}
