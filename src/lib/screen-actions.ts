import { useSyncExternalStore } from 'react';

/**
 * A toolbar action asked of a screen from outside it (the palette's "New post"): held here
 * until the screen at `path` takes it. Not a URL parameter: the tabs key pages by path and
 * query, so `?action=add` would open a second tab of the same screen.
 */
export interface ScreenAction {
  path: string;
  alias: string;
}

let pending: ScreenAction | undefined;
const listeners = new Set<() => void>();

export function requestScreenAction(path: string, alias: string): void {
  pending = { path, alias };
  listeners.forEach((l) => l());
}

/** Removes the request once the screen has acted on it. */
export function takeScreenAction(request: ScreenAction): void {
  if (pending !== request) return;
  pending = undefined;
  listeners.forEach((l) => l());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The request waiting for the screen at `path`, if any. */
export function useScreenAction(path: string): ScreenAction | undefined {
  const current = useSyncExternalStore(
    subscribe,
    () => pending,
    () => pending,
  );
  return current?.path === path ? current : undefined;
}
