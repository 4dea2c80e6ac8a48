import { useSyncExternalStore } from 'react';

/**
 * A tiny module store for "is this open, and with what": for dialogs and drawers that are opened
 * from places that share no parent with where they render (top bar, palette, shortcuts).
 */
export interface OpenStore<T> {
  open(value: T): void;
  close(): void;
  current(): T | undefined;
  /** The open value (undefined while closed); re-renders on change. */
  use(): T | undefined;
}

export function createOpenStore<T>(): OpenStore<T> {
  let value: T | undefined;
  const listeners = new Set<() => void>();
  const set = (next: T | undefined) => {
    if (next === value) return;
    value = next;
    listeners.forEach((l) => l());
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const read = () => value;
  return {
    open: (next) => set(next),
    close: () => set(undefined),
    current: read,
    use: () => useSyncExternalStore(subscribe, read, read),
  };
}
