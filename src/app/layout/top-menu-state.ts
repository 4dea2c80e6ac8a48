import { useSyncExternalStore } from 'react';

/**
 * The top menu chosen in the top bar, read by the sidebar (it loads that menu's routes). Not in
 * Redux: it is view state of the signed-in shell only and is forgotten on reload, as in Saber.
 */
let active: string | undefined;
const listeners = new Set<() => void>();

export function setActiveTopMenu(id: string | undefined): void {
  if (id === active) return;
  active = id;
  listeners.forEach((l) => l());
}

export function getActiveTopMenu(): string | undefined {
  return active;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The active top menu id, or undefined for the full menu. */
export function useActiveTopMenu(): string | undefined {
  return useSyncExternalStore(subscribe, getActiveTopMenu, getActiveTopMenu);
}
