import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { reducedMotionOnFirstRender } from '../../scripts/reduced-motion';

/** The build's change to Mantine's useReducedMotion (scripts/reduced-motion.ts, issue 31). */
const hookFile = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@mantine/hooks')),
  '../esm/use-reduced-motion/use-reduced-motion.mjs',
);

function transform(code: string, id: string): unknown {
  const plugin = reducedMotionOnFirstRender();
  return (plugin.transform as (code: string, id: string) => unknown)(code, id);
}

describe('reduced motion on the first render', () => {
  it("makes the installed Mantine's hook read the media query on the first render", () => {
    const out = transform(readFileSync(hookFile, 'utf8'), hookFile);
    expect(out).toContain('options ?? { getInitialValueInEffect: false }');
  });

  it('fails the build when the hook no longer reads as expected, and leaves other files alone', () => {
    expect(() => transform('export const useReducedMotion = () => false;', hookFile)).toThrow(
      /useReducedMotion has changed/,
    );
    expect(transform('const x = 1;', '/app/src/main.tsx')).toBeNull();
  });
});
