import type { Plugin } from 'vite';

const HOOK_FILE = '/@mantine/hooks/esm/use-reduced-motion/use-reduced-motion.mjs';
const CALL = 'useMediaQuery("(prefers-reduced-motion: reduce)", initialValue, options)';

/**
 * Mantine's Transition, Collapse and modal scroll lock read `prefers-reduced-motion` through
 * useMediaQuery, which by default answers `undefined` on the first render and the real value in
 * an effect: every one of them (about 60 on a list screen, and their children) rendered a second
 * time right after the first paint, in one synchronous pass (issue 31). The console renders in
 * the browser only, so the value is read on the first render instead (the hook's own option).
 */
export function reducedMotionOnFirstRender(): Plugin {
  return {
    name: 'reduced-motion-on-first-render',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').includes(HOOK_FILE)) return null;
      // A Mantine update that changes the hook fails the build here rather than going unseen.
      if (!code.includes(CALL)) throw new Error(`${id}: Mantine's useReducedMotion has changed`);
      return code.replace(
        CALL,
        'useMediaQuery("(prefers-reduced-motion: reduce)", initialValue, options ?? { getInitialValueInEffect: false })',
      );
    },
  };
}
