/**
 * The dialogs of a module beside a resource declaration, each loaded on first use:
 * `const dialogs = lazyDialogs(() => import('./x-dialogs'))`, then `dialog: dialogs((m) => m.X)`
 * (an action's `dialog` wants a module whose default is the dialog).
 */
export const lazyDialogs =
  <M>(load: () => Promise<M>) =>
  <D>(pick: (module: M) => D) =>
  (): Promise<{ default: D }> =>
    load().then((m) => ({ default: pick(m) }));
