import { createFocusReturningStore } from '../../lib/open-store';

/**
 * Which user the detail drawer shows. A module store because the drawer is opened from the
 * command palette (and later the user list) while the signed-in layout renders it once.
 */
const store = createFocusReturningStore<string>();

/**
 * Shows user `id` in the drawer; focus returns to `from` (default: the focused element) on
 * close. Switching to another user while open keeps the first return target.
 */
export function openUserDetail(id: string, from?: HTMLElement | null): void {
  store.open(id, from);
}

export function closeUserDetail(): void {
  store.close();
}

/** The id of the user shown (undefined while closed); re-renders on change. */
export function useUserDetailId(): string | undefined {
  return store.use();
}
