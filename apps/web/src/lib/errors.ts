import { ApiError, errorMessage } from './api-client';
import { toast } from './toast';

/** The error toast of spec §8: the server's message, else エラーが発生しました. */
export function toastError(error: unknown): void {
  // The end of a session has its own toast and redirect (lib/api.ts).
  if (error instanceof ApiError && error.code === 'SESSION_EXPIRED') return;
  toast.error(errorMessage(error));
}
