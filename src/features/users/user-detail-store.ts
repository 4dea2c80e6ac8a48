import { createOpenStore } from '../../lib/open-store';

/**
 * Which user the detail drawer shows. A module store because the drawer is opened from the
 * command palette (and later the user list) while the signed-in layout renders it once.
 */
const store = createOpenStore<string>();

/**
 * Where focus goes back on close. Kept here rather than left to Mantine because the drawer may
 * mount already open (lazy host), when Mantine's own focus return has nothing recorded.
 */
let returnTo: HTMLElement | null = null;

/**
 * Shows user `id` in the drawer; focus returns to `from` (default: the focused element) on
 * close. Switching to another user while open keeps the first return target, which is outside
 * the drawer.
 */
export function openUserDetail(id: string, from?: HTMLElement | null): void {
  if (store.current() === undefined) {
    const active = typeof document !== 'undefined' ? document.activeElement : null;
    returnTo = from ?? (active instanceof HTMLElement ? active : null);
  }
  store.open(id);
}

export function closeUserDetail(): void {
  if (store.current() === undefined) return;
  store.close();
  // An opener that has gone meanwhile (e.g. the palette's input) cannot take focus back.
  if (returnTo?.isConnected) returnTo.focus();
  returnTo = null;
}

/** The id of the user shown (undefined while closed); re-renders on change. */
export function useUserDetailId(): string | undefined {
  return store.use();
}
