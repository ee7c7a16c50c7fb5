/**
 * How many surfaces with their actions at the bottom are on screen, for the toaster: an open
 * dialog (掲載する, 修正する) and a form (its submit, like 完了報告を送信 or the talkroom's 送信,
 * sits at its end, often at the bottom right where toasts stack). While any is shown, toasts move
 * to the top, so a toast never lies over the next thing a person clicks (decision 023).
 */
import { useEffect, useSyncExternalStore } from 'react';

let shown = 0;
/** Of those, the open dialogs: toasts then sit above a dialog, not below the header it covers. */
let dialogs = 0;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function change(by: number, dialog: boolean) {
  shown += by;
  if (dialog) dialogs += by;
  for (const listener of listeners) listener();
}

/** Counts the caller (a dialog's content, a form) as shown while it is mounted. */
export function useCountBottomActions(kind: 'dialog' | 'form' = 'form'): void {
  useEffect(() => {
    change(1, kind === 'dialog');
    return () => change(-1, kind === 'dialog');
  }, [kind]);
}

export function useAnyDialog(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => dialogs > 0,
    () => false,
  );
}

export function useAnyBottomActions(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => shown > 0,
    () => false,
  );
}
