import {
  createElement,
  type ComponentProps,
  type ComponentType,
  type JSXElementConstructor,
  type ReactNode,
} from 'react';
import { readable, useArrived } from './readable';

/**
 * A component whose code loads when it first renders, like React's `lazy`, but without
 * Suspense: until the code arrives it renders `fallback(props)` (nothing by default), and the
 * arrival is an ordinary state update, shown at once. React holds back the reveal of a suspended
 * boundary until 300 ms after the last fallback appeared anywhere, so a dialog or picker whose
 * code took 30 ms opened 300 ms after the click (see useArrived). A failed load goes to the
 * nearest error boundary and is tried again by the next render. `preload()` starts loading the
 * code before the first render (a signed-in start does, for its layout and screen).
 */
// Any props: the loaded component's own type decides them (inferred from `load`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyComponent<C extends JSXElementConstructor<any>>(
  load: () => Promise<{ default: C }>,
  fallback: (props: ComponentProps<C>) => ReactNode = () => null,
): ComponentType<ComponentProps<C>> & { preload(): void } {
  let loading: Promise<C> | undefined;
  const code = () => {
    if (!loading) {
      const started = readable(load().then((m) => m.default));
      started.catch(() => {
        if (loading === started) loading = undefined;
      });
      loading = started;
    }
    return loading;
  };
  function Lazy(props: ComponentProps<C>) {
    const Loaded = useArrived(code()) as ComponentType<ComponentProps<C>> | undefined;
    return Loaded ? createElement(Loaded, props) : fallback(props);
  }
  return Object.assign(Lazy, { preload: () => void code().catch(() => {}) });
}
