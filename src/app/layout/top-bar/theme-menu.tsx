import { ColorSwatch, Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconShirt } from '@tabler/icons-react';
import type { MessageKey } from '../../../i18n';
import { useAppDispatch, useAppSelector, useT } from '../../../state/hooks';
import { SHELL_THEMES } from '../../../state/theme';
import { THEMES, themeChanged, type ThemeName } from '../../../state/ui-slice';
import { BarIcon } from '../../../components/top-bar-icon';

const THEME_LABEL = Object.fromEntries(
  THEMES.map((name) => [name, `topbar.themes.${name}`]),
) as Record<ThemeName, MessageKey>;

/** The 10 named themes of spec screen 1; the current one is checked. */
export function ThemeMenu() {
  const t = useT();
  const dispatch = useAppDispatch();
  const current = useAppSelector((s) => s.ui.theme);
  return (
    <Menu position="bottom-end" withArrow shadow="md">
      <Tooltip label={t('topbar.theme')} withArrow openDelay={300}>
        <Menu.Target>
          <BarIcon label={t('topbar.theme')}>
            <IconShirt size={20} stroke={1.6} />
          </BarIcon>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown>
        <Menu.Label>{t('topbar.theme')}</Menu.Label>
        {THEMES.map((name) => (
          <Menu.Item
            key={name}
            aria-current={current === name ? 'true' : undefined}
            leftSection={<ColorSwatch color={SHELL_THEMES[name].sidebar} size={14} />}
            rightSection={current === name ? <IconCheck size={16} /> : null}
            onClick={() => dispatch(themeChanged(name))}
          >
            {t(THEME_LABEL[name])}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
