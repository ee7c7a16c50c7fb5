/**
 * Whether the app runs this page yet. A page the server sent already painted (decisions 072, 075)
 * is shown before its code arrives; while React takes it over this is false, as in the painted
 * HTML, then true. What only the app can do (a form's fields and submit, the header's bell and
 * menu) waits until then. Rendered without the painted HTML, it is true from the start.
 */
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
