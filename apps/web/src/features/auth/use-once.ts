/**
 * Runs a one-shot call (a link's token check) once per key, even when React mounts the
 * page twice in development: the promise is kept per key, so the same result is read.
 */
import { useEffect, useState } from 'react';

export type OnceState<T> = { status: 'pending' } | { status: 'done'; data: T } | { status: 'failed'; error: unknown };

const started = new Map<string, Promise<unknown>>();

export function useOnce<T>(key: string | null, run: () => Promise<T>): OnceState<T> {
  const [state, setState] = useState<OnceState<T>>({ status: 'pending' });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    let promise = started.get(key) as Promise<T> | undefined;
    if (!promise) {
      promise = run();
      started.set(key, promise);
    }
    promise.then(
      (data) => live && setState({ status: 'done', data }),
      (error: unknown) => live && setState({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
    // run belongs to the key: it is read once, when the key is new.
  }, [key]);
  return state;
}
