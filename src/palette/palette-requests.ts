import { createOpenStore } from '../lib/open-store';

/**
 * Requests to open the command palette from outside its host (the top bar's search icon); the
 * host turns them into the palette machine's `palette.open`.
 */
export const paletteRequests = createOpenStore<true>();

export function openPalette(): void {
  paletteRequests.open(true);
}
