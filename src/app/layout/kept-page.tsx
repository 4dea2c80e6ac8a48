import { memo, useMemo, type ReactNode } from 'react';
import { UNSAFE_LocationContext, type Location, type NavigationType } from 'react-router';
import { PageVisibleContext } from '../../lib/page-visibility';
import classes from './layout.module.css';

/** Hidden but still laid out: boxes keep their sizes and scroll positions (see KeptPage). */
const HIDDEN = { visibility: 'hidden', pointerEvents: 'none' } as const;

/**
 * One kept-alive page in its own scroll box. A hidden page is made invisible, inert and out of
 * the accessibility tree (visibility: hidden), not display: none: with display: none every box
 * in it lost its size and scroll position, and the table's row virtualiser, seeing a box of
 * height 0, dropped its rows and drew them all again on return. The page sees `location`
 * through the router's hooks (its own while hidden). Memoised: a hidden page gets the same
 * props on every navigation and so is not rendered again; only the visible one is. Nothing in
 * it suspends: a page whose code is still arriving shows its own placeholder (resource-page.tsx).
 */
export const KeptPage = memo(function KeptPage({
  pageKey,
  visible,
  location,
  navigationType,
  children,
}: {
  pageKey: string;
  visible: boolean;
  location: Location;
  navigationType: NavigationType;
  children: ReactNode;
}) {
  const locationContext = useMemo(() => ({ location, navigationType }), [location, navigationType]);

  return (
    <div
      className={classes.page}
      style={visible ? undefined : HIDDEN}
      inert={!visible}
      data-page-key={pageKey}
    >
      <UNSAFE_LocationContext value={locationContext}>
        <PageVisibleContext value={visible}>{children}</PageVisibleContext>
      </UNSAFE_LocationContext>
    </div>
  );
});
