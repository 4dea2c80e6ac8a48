import { useSyncExternalStore } from 'react';

/**
 * Whether the menu search overlay is open. A module store so the top bar's search icon (or a
 * shortcut, or the palette) can open it without sharing a parent with the overlay, which the
 * layout renders once.
 */
let opened = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (next === opened) return;
  opened = next;
  listeners.forEach((l) => l());
}

export const openMenuSearch = (): void => set(true);
export const closeMenuSearch = (): void => set(false);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const read = () => opened;

/** `{ opened, open, close }` for components that show or drive the overlay. */
export function useMenuSearch(): { opened: boolean; open: () => void; close: () => void } {
  const value = useSyncExternalStore(subscribe, read, read);
  return { opened: value, open: openMenuSearch, close: closeMenuSearch };
}
