import { useSyncExternalStore } from 'react';

/**
 * A code whose history another part of the console asked to show (the palette's `c:` look-up):
 * held here until the screen at `route` takes it, like lib/screen-actions.ts (the code id is not
 * put in the URL: the tabs key pages by path and query). The route says which of the two screens
 * showing histories (batches, tracing) opens it, so a kept page in the background never does.
 */
interface TraceRequest {
  codeId: string;
  route: string;
}

let pending: TraceRequest | undefined;
const listeners = new Set<() => void>();

export function requestTrace(codeId: string, route: string): void {
  pending = { codeId, route };
  listeners.forEach((l) => l());
}

/** The screen has shown (or replaced) the drawer asked for. */
export function takeTrace(codeId: string): void {
  if (pending?.codeId !== codeId) return;
  pending = undefined;
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The code id asked of the screen at `route`, if any. */
export function useTraceRequest(route: string): string | undefined {
  const current = useSyncExternalStore(
    subscribe,
    () => pending,
    () => pending,
  );
  return current?.route === route ? current.codeId : undefined;
}
