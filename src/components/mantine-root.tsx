// In the `mantine` cascade layer: the console's own stylesheets (the shell's theme colours, CSS
// modules) win over Mantine's whatever order the lazily loaded chunks' styles arrive in.
import '@mantine/core/styles.layer.css';
import '../i18n/console-messages';
import 'dayjs/locale/zh-cn';
import { createTheme, MantineProvider, type MantineColorsTuple } from '@mantine/core';
import { DatesProvider, type DatesProviderSettings } from '@mantine/dates';
import { useMemo, type ReactNode } from 'react';
import type { Lang } from '../i18n';
import { useAppSelector, useLang } from '../state/hooks';
import { primaryColorOf, readablePrimary, shadesOf, SHELL_THEMES } from '../state/theme';
import type { ThemeName } from '../state/ui-slice';

/*
 * Mantine and its stylesheet, loaded with the first screen that needs them. /login does not:
 * its form is plain HTML, so a first visit downloads, parses and lays out no Mantine at all.
 */

/**
 * Date pickers in the console's language (issue 16 item 7): dayjs's zh-cn names ('十一月',
 * '一 二 三'), weeks from Monday in both languages (the Chinese week; Mantine's default too).
 */
export const DATES_SETTINGS: Record<Lang, DatesProviderSettings> = {
  zh: { locale: 'zh-cn', firstDayOfWeek: 1, weekendDays: [0, 6] },
  en: { locale: 'en', firstDayOfWeek: 1, weekendDays: [0, 6] },
};

/** Calendar headers as each language writes them: '2026年11月', 'November 2026'. */
const CALENDAR_LABELS: Record<Lang, Record<string, string>> = {
  zh: { monthLabelFormat: 'YYYY年M月', yearLabelFormat: 'YYYY年' },
  en: {},
};

export function buildTheme(name: ThemeName, color: string, lang: Lang = 'zh') {
  return createTheme({
    // By component name: the dates package itself loads with the screens that use it.
    components: { Calendar: { defaultProps: CALENDAR_LABELS[lang] } },
    primaryColor: 'brand',
    colors: { brand: shadesOf(readablePrimary(color)) as unknown as MantineColorsTuple },
    defaultRadius: SHELL_THEMES[name].radius,
    fontFamily:
      'system-ui, -apple-system, "Segoe UI", "PingFang SC", "Microsoft YaHei", sans-serif',
  });
}

/** Mantine with the user's theme and colour; wraps every lazily loaded top-level screen. */
export function ThemedMantine({ children }: { children: ReactNode }) {
  const theme = useAppSelector((s) => s.ui.theme);
  const primary = useAppSelector((s) => primaryColorOf(s.ui));
  const lang = useLang();
  const mantineTheme = useMemo(() => buildTheme(theme, primary, lang), [theme, primary, lang]);
  return (
    <MantineProvider theme={mantineTheme} forceColorScheme={SHELL_THEMES[theme].scheme}>
      <DatesProvider settings={DATES_SETTINGS[lang]}>{children}</DatesProvider>
    </MantineProvider>
  );
}
