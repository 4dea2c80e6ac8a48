import { useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useMemo } from 'react';
import type { RolePalette } from './diagram-colours';

/** Colours of a diagram in the current theme: the roles' and the renderer's defaults. */
export interface DiagramTheme {
  roles: RolePalette;
  /** bpmn-js renderer defaults, so a dark theme gets light strokes on a dark fill. */
  fill: string;
  stroke: string;
  dark: boolean;
}

/**
 * The roles from the Mantine theme (success = green, primary = the console's primary, warning =
 * orange), one shade lighter in the dark scheme, where the fills are the page's dark greys.
 */
export function useDiagramTheme(): DiagramTheme {
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  return useMemo(() => {
    const shade = dark ? 4 : 7;
    const fillShade = dark ? 9 : 0;
    const pick = (color: string) => {
      const shades = theme.colors[color] ?? theme.colors.gray!;
      return { stroke: shades[shade]!, fill: dark ? theme.colors.dark![6]! : shades[fillShade]! };
    };
    const primary = pick(theme.primaryColor);
    return {
      roles: {
        success: pick('green'),
        primary,
        warning: pick('orange'),
        current: { stroke: primary.stroke, fill: dark ? theme.colors.dark![5]! : primary.fill },
      },
      fill: dark ? theme.colors.dark![7]! : theme.white,
      stroke: dark ? theme.colors.dark![0]! : theme.black,
      dark,
    };
  }, [theme, dark]);
}
