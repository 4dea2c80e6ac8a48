import { createContext, useContext } from 'react';

/**
 * Whether the sidebar is on screen now: on a wide screen, not narrowed (`ui.collapsed`); on a
 * small one, the overlay open. The layout provides it (it owns the overlay's state), so the
 * collapse toggle names what a press will do to the sidebar the user sees (issue 25 item 21:
 * it said 展开菜单 over an open overlay). Undefined outside the layout.
 */
export const SidebarOpenContext = createContext<boolean | undefined>(undefined);

export const useSidebarOpen = (): boolean | undefined => useContext(SidebarOpenContext);
