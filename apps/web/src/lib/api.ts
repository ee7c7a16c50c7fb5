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

/** How calls reach the server: the network, or the answers the server already has while it paints a page. */
let transport: typeof fetch = (input, init) => globalThis.fetch(input, init);

/**
 * Sends the app's calls to `answer` until the returned function is called: how a page is
 * rendered with its data outside a browser (prerender.tsx), with nothing global replaced.
 */
export function answerCallsWith(answer: typeof fetch): () => void {
  const previous = transport;
  transport = answer;
  return () => {
    transport = previous;
  };
}

export const api = createApiClient({
  auth: authStore,
  fetch: (input, init) => transport(input, init),
  onSessionExpired(target) {
    toast.error(target.message, { id: 'session-expired' });
    navigateAfterSessionEnd(target);
  },
});

export { ApiError, errorMessage } from './api-client';
export type { CallInput, CallOptions, CallResult } from './api-client';
