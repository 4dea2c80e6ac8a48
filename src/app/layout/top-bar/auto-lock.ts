import { useSyncExternalStore } from 'react';
import { readJson, writeJson } from '../../../lib/storage';

/**
 * Optional idle auto-lock (our addition to spec screen 1): off, or lock after 5, 10 or 30
 * minutes without pointer or keyboard activity. Kept in browser storage per browser, like the
 * theme, and shared by the lock menu and the idle timer through a tiny store.
 */
export const AUTO_LOCK_OPTIONS = [0, 5, 10, 30] as const;
export type AutoLockMinutes = (typeof AUTO_LOCK_OPTIONS)[number];
export const AUTO_LOCK_KEY = 'auto-lock';

/** A stored value as an option; anything unknown (old, edited, corrupted) means off. */
export function parseAutoLock(value: unknown): AutoLockMinutes {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return (AUTO_LOCK_OPTIONS as readonly unknown[]).includes(n) ? (n as AutoLockMinutes) : 0;
}

const anything = (v: unknown): v is unknown => v !== undefined;

let current: AutoLockMinutes | undefined;
const listeners = new Set<() => void>();

export function getAutoLock(): AutoLockMinutes {
  current ??= parseAutoLock(readJson(AUTO_LOCK_KEY, anything));
  return current;
}

export function setAutoLock(minutes: AutoLockMinutes): void {
  current = minutes;
  writeJson(AUTO_LOCK_KEY, minutes);
  listeners.forEach((l) => l());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAutoLock(): AutoLockMinutes {
  return useSyncExternalStore(subscribe, getAutoLock, getAutoLock);
}
