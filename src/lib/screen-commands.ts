import { useSyncExternalStore } from 'react';

/**
 * Commands the screen on display offers the command palette ("Reset filters", "Delete
 * selected"...). Only the visible screen registers; the palette lists them first among its
 * actions. Kept free of palette types so any screen can offer commands.
 */
export interface ScreenCommand {
  id: string;
  label: { zh: string; en: string };
  keywords?: readonly string[];
  /** A shortcut registry id shown beside the command. */
  shortcut?: string;
  run(): void;
}

const NONE: readonly ScreenCommand[] = [];
let current: readonly ScreenCommand[] = NONE;
const listeners = new Set<() => void>();
const set = (next: readonly ScreenCommand[]) => {
  current = next;
  listeners.forEach((l) => l());
};
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Offers `commands` (the visible screen does, from an effect); returns the withdrawal. */
export function offerScreenCommands(commands: readonly ScreenCommand[]): () => void {
  set(commands);
  return () => {
    if (current === commands) set(NONE);
  };
}

/** What the visible screen offers now. */
export function useScreenCommands(): readonly ScreenCommand[] {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => current,
  );
}
