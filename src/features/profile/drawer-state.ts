import { useSyncExternalStore } from 'react';

/**
 * Whether the personal-info drawer is open. A module store because it is opened from the top
 * bar's user menu and from the /info/index page, while the top bar renders it once.
 */
let opened = false;
const listeners = new Set<() => void>();

function set(next: boolean): void {
  if (next === opened) return;
  opened = next;
  listeners.forEach((l) => l());
}

/**
 * Where focus goes back on close. Kept here because the drawer loads lazily and mounts already
 * open the first time, when Mantine's own focus return has nothing recorded.
 */
let returnTo: HTMLElement | null = null;

/** Opens the drawer; focus returns to `from` (default: the focused element) on close. */
export function openPersonalInfo(from?: HTMLElement | null): void {
  const active = typeof document !== 'undefined' ? document.activeElement : null;
  returnTo = from ?? (active instanceof HTMLElement ? active : null);
  set(true);
}

export function closePersonalInfo(): void {
  set(false);
  if (returnTo?.isConnected) returnTo.focus();
  returnTo = null;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const read = () => opened;

export function usePersonalInfoOpen(): boolean {
  return useSyncExternalStore(subscribe, read, read);
}
