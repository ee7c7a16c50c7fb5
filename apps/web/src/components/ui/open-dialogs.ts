/**
 * How many dialogs are open (DialogContent counts itself in and out), for the toaster: while a
 * dialog is open, toasts move to the top of the screen, away from the dialog's actions at its
 * bottom, so a toast never covers 掲載する or キャンセル (decision 023).
 */
import { useEffect, useSyncExternalStore } from 'react';

let open = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function change(by: number) {
  open += by;
  for (const listener of listeners) listener();
}

/** Counts the calling dialog as open while it is mounted. */
export function useCountAsOpenDialog(): void {
  useEffect(() => {
    change(1);
    return () => change(-1);
  }, []);
}

export function useAnyDialogOpen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => open > 0,
    () => false,
  );
}
