import { MantineProvider } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { useAppSelector } from './hooks';
import type { AppStore } from './store';
import { buildTheme, SHELL_THEMES } from './theme';

function ThemedMantine({ children }: { children: ReactNode }) {
  const { theme, color, personalisation } = useAppSelector((s) => s.ui);
  const primary = /^#[0-9a-fA-F]{6}$/.test(personalisation.systemColor)
    ? personalisation.systemColor
    : color;
  const mantineTheme = useMemo(() => buildTheme(theme, primary), [theme, primary]);
  return (
    <MantineProvider theme={mantineTheme} forceColorScheme={SHELL_THEMES[theme].scheme}>
      {children}
    </MantineProvider>
  );
}

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemedMantine>{children}</ThemedMantine>
    </Provider>
  );
}
