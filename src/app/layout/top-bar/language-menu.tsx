import { Menu, Tooltip } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import type { Lang, MessageKey } from '../../../i18n';
import { useAppDispatch, useLang, useT } from '../../../state/hooks';
import { langChanged } from '../../../state/ui-slice';
import { BarIcon } from '../../../components/top-bar-icon';

const LANGS: { lang: Lang; label: MessageKey }[] = [
  { lang: 'zh', label: 'topbar.langZh' },
  { lang: 'en', label: 'topbar.langEn' },
];

/** zh / English (spec screen 1); each language is named in itself. */
export function LanguageMenu() {
  const t = useT();
  const dispatch = useAppDispatch();
  const current = useLang();
  return (
    <Menu position="bottom-end" withArrow shadow="md">
      <Tooltip label={t('topbar.language')} withArrow openDelay={300}>
        <Menu.Target>
          <BarIcon label={t('topbar.language')}>
            <IconLanguage size={20} stroke={1.6} />
          </BarIcon>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown>
        {LANGS.map(({ lang, label }) => (
          <Menu.Item
            key={lang}
            lang={lang === 'zh' ? 'zh-CN' : 'en'}
            aria-current={current === lang ? 'true' : undefined}
            rightSection={current === lang ? <IconCheck size={16} /> : null}
            onClick={() => dispatch(langChanged(lang))}
          >
            {t(label)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
