import { Center, Loader } from '@mantine/core';
import { memo, Suspense, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { UNSAFE_LocationContext, type Location, type NavigationType } from 'react-router';
import { useT } from '../../state/hooks';
import { PageVisibleContext } from '../../lib/page-visibility';
import classes from './layout.module.css';

/**
 * One kept-alive page in its own scroll box. Boxes hidden with display:none lose their scroll
 * positions in browsers (the page's box and any box inside it, such as a table's), so the page
 * notes the position of every box scrolled in it as it scrolls and puts them back before it is
 * painted again. The page sees `location` through the router's hooks (its own while hidden).
 * Memoised: a hidden page gets the same props on every navigation and so is not rendered
 * again; only the visible one is.
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
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const scrolled = useRef(new Map<Element, { top: number; left: number }>());
  const locationContext = useMemo(() => ({ location, navigationType }), [location, navigationType]);

  // Scroll events do not bubble, but they can be caught on the way down.
  useEffect(() => {
    const box = ref.current;
    if (!box) return;
    const positions = scrolled.current;
    const onScroll = (e: Event) => {
      if (!(e.target instanceof Element)) return;
      positions.set(e.target, { top: e.target.scrollTop, left: e.target.scrollLeft });
    };
    box.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => box.removeEventListener('scroll', onScroll, { capture: true });
  }, []);

  useLayoutEffect(() => {
    if (!visible) return;
    const positions = scrolled.current;
    for (const [el, { top, left }] of positions) {
      if (!el.isConnected) positions.delete(el);
      else {
        el.scrollTop = top;
        el.scrollLeft = left;
      }
    }
  }, [visible]);

  return (
    <div
      ref={ref}
      className={classes.page}
      style={visible ? undefined : { display: 'none' }}
      data-page-key={pageKey}
    >
      <Suspense
        fallback={
          <Center h={200}>
            <Loader aria-label={t('layout.page.loading')} />
          </Center>
        }
      >
        <UNSAFE_LocationContext value={locationContext}>
          <PageVisibleContext value={visible}>{children}</PageVisibleContext>
        </UNSAFE_LocationContext>
      </Suspense>
    </div>
  );
});
