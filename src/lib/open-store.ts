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

/**
 * An open store for drawers and dialogs that give focus back on close to whatever opened them.
 * Kept here rather than left to Mantine because such a drawer may load lazily and mount already
 * open, when Mantine's own focus return has nothing recorded. Opening again while open keeps the
 * first return target, which is outside the drawer.
 */
export interface FocusReturningStore<T> extends OpenStore<T> {
  /** Opens with `value`; focus returns to `from` (default: the focused element) on close. */
  open(value: T, from?: HTMLElement | null): void;
}

export function createFocusReturningStore<T>(): FocusReturningStore<T> {
  const store = createOpenStore<T>();
  let returnTo: HTMLElement | null = null;
  return {
    ...store,
    open(value, from) {
      if (store.current() === undefined) {
        const active = typeof document !== 'undefined' ? document.activeElement : null;
        returnTo = from ?? (active instanceof HTMLElement ? active : null);
      }
      store.open(value);
    },
    close() {
      if (store.current() === undefined) return;
      store.close();
      // An opener that has gone meanwhile (e.g. the palette's input) cannot take focus back.
      if (returnTo?.isConnected) returnTo.focus();
      returnTo = null;
    },
  };
}
