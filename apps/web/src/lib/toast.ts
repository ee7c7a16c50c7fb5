/**
 * Toasts without loading the toast library up front: `toast.success(...)` and
 * friends take sonner's arguments, queue until the toast outlet
 * (components/ui/toaster.tsx) has loaded sonner, then show. This keeps sonner
 * out of the JavaScript a page needs before its first paint.
 */
import type { ExternalToast, toast as sonnerToast } from 'sonner';

type Kind = 'success' | 'error' | 'info' | 'warning' | 'message';
type Call = { kind: Kind; message: string; options?: ExternalToast } | { kind: 'dismiss'; id?: string | number };

let implementation: typeof sonnerToast | null = null;
const queue: Call[] = [];
const demandListeners = new Set<() => void>();

function run(call: Call, impl: typeof sonnerToast) {
  if (call.kind === 'dismiss') impl.dismiss(call.id);
  else impl[call.kind](call.message, call.options);
}

function enqueue(call: Call) {
  if (implementation) return run(call, implementation);
  queue.push(call);
  for (const listener of demandListeners) listener();
}

export const toast = {
  success: (message: string, options?: ExternalToast) => enqueue({ kind: 'success', message, options }),
  error: (message: string, options?: ExternalToast) => enqueue({ kind: 'error', message, options }),
  info: (message: string, options?: ExternalToast) => enqueue({ kind: 'info', message, options }),
  warning: (message: string, options?: ExternalToast) => enqueue({ kind: 'warning', message, options }),
  message: (message: string, options?: ExternalToast) => enqueue({ kind: 'message', message, options }),
  dismiss: (id?: string | number) => enqueue({ kind: 'dismiss', id }),
};

/** Called by the outlet once sonner's <Toaster> listens: shows what was queued. */
export function attachToastImplementation(impl: typeof sonnerToast): () => void {
  implementation = impl;
  for (const call of queue.splice(0)) run(call, impl);
  return () => {
    if (implementation === impl) implementation = null;
  };
}

/** The outlet subscribes to learn that a toast is waiting (and loads sonner then). */
export function onToastDemand(listener: () => void): () => void {
  demandListeners.add(listener);
  if (queue.length) listener();
  return () => demandListeners.delete(listener);
}

/** Forgets the toasts not shown yet: a page the server paints (prerender.tsx) has no one to show them to. */
export function discardQueuedToasts(): void {
  queue.length = 0;
}
