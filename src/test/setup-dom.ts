import { cleanup, configure } from '@testing-library/react';
import { afterAll } from 'vitest';
import { ScriptedXhr } from './scripted-xhr';
/**
 * jsdom lacks matchMedia and ResizeObserver, which Mantine needs (Mantine testing guide).
 * Loaded before every web test (vite.config.ts setupFiles).
 */
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addListener: () => {},
  removeListener: () => {},
  addEventListener: () => {},
  removeEventListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

// Searchable selects highlight their first match as the user types, and Mantine scrolls the
// highlighted option into view, which jsdom cannot do.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// Uploads with progress use XHR: route it through the test's scripted fetch.
globalThis.XMLHttpRequest = ScriptedXhr as unknown as typeof XMLHttpRequest;

// Component tests see every text, as the console does once its first screen has loaded.
import '../i18n/console-messages';

// findBy*/waitFor give up after 1 s by default: too short for a Mantine dialog to load and
// render on 2 busy cores. What they wait for is unchanged; only how long they may take.
configure({ asyncUtilTimeout: 5000 });

// Timers still pending when a test file ends would fire after the environment has removed
// `window` (a Mantine transition's setState then throws "window is not defined" and fails the
// run). Remember them and cancel what is left once the file's tests are done.
const pendingTimers = new Set<ReturnType<typeof setTimeout>>();
const realSetTimeout = globalThis.setTimeout;
const realClearTimeout = globalThis.clearTimeout;
globalThis.setTimeout = ((
  handler: (...args: unknown[]) => void,
  ms?: number,
  ...args: unknown[]
) => {
  const id = realSetTimeout(
    (...a: unknown[]) => {
      pendingTimers.delete(id);
      if (typeof handler === 'function') handler(...a);
    },
    ms,
    ...args,
  );
  pendingTimers.add(id);
  return id;
}) as typeof setTimeout;
globalThis.clearTimeout = ((id?: ReturnType<typeof setTimeout>) => {
  if (id !== undefined) pendingTimers.delete(id);
  realClearTimeout(id);
}) as typeof clearTimeout;
afterAll(() => {
  cleanup();
  for (const id of pendingTimers) realClearTimeout(id);
  pendingTimers.clear();
});
