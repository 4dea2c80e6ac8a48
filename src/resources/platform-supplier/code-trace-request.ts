import { useSyncExternalStore } from 'react';

/**
 * A code whose history another part of the console asked to show (the palette's `c:` look-up):
 * held here until the tracing screen takes it, like lib/screen-actions.ts (the code id is not
 * put in the URL: the tabs key pages by path and query).
 */
let pending: string | undefined;
const listeners = new Set<() => void>();

export function requestTrace(codeId: string): void {
  pending = codeId;
  listeners.forEach((l) => l());
}

/** The screen has opened the drawer for `codeId`. */
export function takeTrace(codeId: string): void {
  if (pending !== codeId) return;
  pending = undefined;
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function useTraceRequest(): string | undefined {
  return useSyncExternalStore(
    subscribe,
    () => pending,
    () => pending,
  );
}
