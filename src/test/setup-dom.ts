import { configure } from '@testing-library/react';
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

// Component tests see every text, as the console does once its first screen has loaded.
import '../i18n/console-messages';

// findBy*/waitFor give up after 1 s by default: too short for a Mantine dialog to load and
// render on 2 busy cores. What they wait for is unchanged; only how long they may take.
configure({ asyncUtilTimeout: 5000 });
