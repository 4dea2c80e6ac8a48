import '@mantine/core/styles.css';
import '../i18n/console-messages';
import { createTheme, MantineProvider, type MantineColorsTuple } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useAppSelector } from '../state/hooks';
import { primaryColorOf, shadesOf, SHELL_THEMES } from '../state/theme';
import type { ThemeName } from '../state/ui-slice';

/*
 * Mantine and its stylesheet, loaded with the first screen that needs them. /login does not:
 * its form is plain HTML, so a first visit downloads, parses and lays out no Mantine at all.
 */

export function buildTheme(name: ThemeName, color: string) {
  return createTheme({
    primaryColor: 'brand',
    colors: { brand: shadesOf(color) as unknown as MantineColorsTuple },
    defaultRadius: SHELL_THEMES[name].radius,
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif',
  });
}

/** Mantine with the user's theme and colour; wraps every lazily loaded top-level screen. */
export function ThemedMantine({ children }: { children: ReactNode }) {
  const theme = useAppSelector((s) => s.ui.theme);
  const primary = useAppSelector((s) => primaryColorOf(s.ui));
  const mantineTheme = useMemo(() => buildTheme(theme, primary), [theme, primary]);
  return (
    <MantineProvider theme={mantineTheme} forceColorScheme={SHELL_THEMES[theme].scheme}>
      {children}
    </MantineProvider>
  );
}
