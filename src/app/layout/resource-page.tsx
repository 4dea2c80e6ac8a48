import { createElement, useEffect } from 'react';
import { useArrived } from '../../lib/readable';
import { RESOURCE_ROUTES } from '../../resources/registry';
import {
  ignore,
  loadCustomScreen,
  loadDeclaration,
  loadEngine,
  own,
  preloadScreen,
} from '../screen-code';
import { CentredLoader } from '../../components/centred-loader';

function DeclaredResource({ path }: { path: string }) {
  // The engine's chunk loads beside the declaration's, not after it.
  preloadScreen(path);
  const def = useArrived(loadDeclaration(path));
  const engine = useArrived(loadEngine());
  return def && engine ? (
    <engine.ResourceScreen def={def} route={path} />
  ) : (
    <CentredLoader label="layout.page.loading" h={240} />
  );
}

function CustomScreen({ path }: { path: string }) {
  const screen = useArrived(loadCustomScreen(path));
  // The component comes from the module cache, the same one every time.
  return screen ? createElement(screen) : <CentredLoader label="layout.page.loading" h={240} />;
}

/** A link about to be followed (pointer over it, or focus on it): the path of its screen. */
function intendedPath(target: EventTarget | null): string | undefined {
  const link = target instanceof Element ? target.closest('a[href]') : null;
  if (!(link instanceof HTMLAnchorElement) || link.origin !== window.location.origin) return;
  return link.pathname;
}

/**
 * Screens load before they are opened: the engine once the console is idle, and a screen's
 * code when the pointer or the focus reaches a link to it (the sidebar, the tabs, any link),
 * usually a few hundred milliseconds before the click.
 */
export function usePreloadScreens(): void {
  useEffect(() => {
    const onIntent = (e: Event) => {
      const path = intendedPath(e.target);
      if (path) preloadScreen(path);
    };
    document.addEventListener('pointerover', onIntent, { passive: true });
    document.addEventListener('focusin', onIntent);
    const idle = window.requestIdleCallback
      ? window.requestIdleCallback(() => void loadEngine().catch(ignore), { timeout: 5000 })
      : undefined;
    return () => {
      document.removeEventListener('pointerover', onIntent);
      document.removeEventListener('focusin', onIntent);
      if (idle !== undefined) window.cancelIdleCallback(idle);
    };
  }, []);
}

/** The screen declared at `path` (see hasResourcePage): a resource or a custom screen. */
export function ResourcePage({ path }: { path: string }) {
  return own(RESOURCE_ROUTES, path) ? (
    <DeclaredResource path={path} />
  ) : (
    <CustomScreen path={path} />
  );
}
