/**
 * The app's API client instance, bound to the app's auth store. The app shell
 * tells it how to navigate after a session ends (setSessionExpiredHandler);
 * until then it falls back to a full page load.
 */
import { toast } from './toast';
import { type SessionExpiredTarget, createApiClient } from './api-client';
import { authStore } from './auth-store';

let navigateAfterSessionEnd = (target: SessionExpiredTarget) => window.location.assign(target.pathname);

export function setSessionExpiredHandler(handler: (target: SessionExpiredTarget) => void): void {
  navigateAfterSessionEnd = handler;
}

export const api = createApiClient({
  auth: authStore,
  onSessionExpired(target) {
    toast.error(target.message, { id: 'session-expired' });
    navigateAfterSessionEnd(target);
  },
});

export { ApiError, errorMessage } from './api-client';
export type { CallInput, CallOptions, CallResult } from './api-client';
