import { createFocusReturningStore } from '../../lib/open-store';

/**
 * Whether the personal-info drawer is open. A module store because it is opened from the top
 * bar's user menu, the /info/index page and the palette, while the top bar renders it once.
 */
const store = createFocusReturningStore<true>();

/** Opens the drawer; focus returns to `from` (default: the focused element) on close. */
export function openPersonalInfo(from?: HTMLElement | null): void {
  store.open(true, from);
}

export function closePersonalInfo(): void {
  store.close();
}

export function usePersonalInfoOpen(): boolean {
  return store.use() === true;
}
