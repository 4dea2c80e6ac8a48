import { useEffect, useReducer } from 'react';

type Tagged<T> = Promise<T> & { status?: string; value?: T; reason?: unknown };

/**
 * A loading promise that says when it has settled (the fields React's `use` reads), so that code
 * which has already arrived (preloaded at the start, or on hover) renders at once.
 */
export function readable<T>(loading: Promise<T>): Promise<T> {
  const tagged = loading as Tagged<T>;
  tagged.status = 'pending';
  // Nothing returned: returning the promise itself would make a failure unhandled a second time.
  loading.then(
    (value) => void Object.assign(tagged, { status: 'fulfilled', value }),
    (reason: unknown) => void Object.assign(tagged, { status: 'rejected', reason }),
  );
  return loading;
}

/**
 * The value of a `readable` promise once it has arrived, undefined before (the caller shows its
 * placeholder), and a failure thrown to the nearest error boundary, as `use` would.
 *
 * Why not `use` with Suspense: React holds back the reveal of a suspended boundary until 300 ms
 * after the last fallback appeared (its retry throttle), so a screen whose code arrived in 60 ms
 * showed its rows about 250 ms late (issue 31, a CPU profile of a first visit: the main thread
 * idle in between). Here the arrival is an ordinary state update, committed at once.
 */
export function useArrived<T>(loading: Promise<T>): T | undefined {
  const tagged = loading as Tagged<T>;
  const [, arrived] = useReducer((n: number) => n + 1, 0);
  const pending = tagged.status === 'pending';
  useEffect(() => {
    if (!pending) return;
    let current = true;
    const settle = () => {
      if (current) arrived();
    };
    loading.then(settle, settle);
    return () => {
      current = false;
    };
  }, [loading, pending]);
  if (tagged.status === 'rejected') throw tagged.reason;
  return tagged.status === 'fulfilled' ? tagged.value : undefined;
}
