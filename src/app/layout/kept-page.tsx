import { Center, Loader } from '@mantine/core';
import { useThrottledCallback } from '@mantine/hooks';
import { Suspense, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useT } from '../../state/hooks';
import { useShell } from '../../state/shell-context';
import { PageVisibleContext } from '../../lib/page-visibility';
import classes from './layout.module.css';

/**
 * One kept-alive page in its own scroll box. A box hidden with display:none loses its scroll
 * position in browsers, so the position lives in the tabs machine (`tab.scroll`) and is put back
 * when the page shows again.
 */
export function KeptPage({
  pageKey,
  visible,
  children,
}: {
  pageKey: string;
  visible: boolean;
  children: ReactNode;
}) {
  const { tabs } = useShell();
  const t = useT();
  const ref = useRef<HTMLDivElement>(null);
  const onScroll = useThrottledCallback((top: number) => {
    tabs.send({ type: 'tab.scroll', key: pageKey, top });
  }, 150);

  useLayoutEffect(() => {
    if (!visible || !ref.current) return;
    ref.current.scrollTop = tabs.getSnapshot().context.scroll[pageKey] ?? 0;
  }, [visible, tabs, pageKey]);

  return (
    <div
      ref={ref}
      className={classes.page}
      style={visible ? undefined : { display: 'none' }}
      data-page-key={pageKey}
      onScroll={visible ? (e) => onScroll(e.currentTarget.scrollTop) : undefined}
    >
      <Suspense
        fallback={
          <Center h={200}>
            <Loader aria-label={t('layout.page.loading')} />
          </Center>
        }
      >
        <PageVisibleContext value={visible}>{children}</PageVisibleContext>
      </Suspense>
    </div>
  );
}
