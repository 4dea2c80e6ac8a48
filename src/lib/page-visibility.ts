import { createContext, useContext } from 'react';

/**
 * Whether the page a component sits in is the one on screen. Kept-alive pages stay mounted
 * while hidden; their keyboard shortcuts must not fire. Outside a kept page: visible.
 */
export const PageVisibleContext = createContext(true);

export const usePageVisible = () => useContext(PageVisibleContext);
