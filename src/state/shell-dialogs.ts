import { createOpenStore } from '../lib/open-store';

/**
 * Dialogs of the top bar that the command palette opens as well: their buttons render them and
 * read whether they are open from here.
 */
export const exportCentreDialog = createOpenStore<true>();
export const debugLogDialog = createOpenStore<true>();
export const clearCacheDialog = createOpenStore<true>();
export const switchIdentityDialog = createOpenStore<true>();
