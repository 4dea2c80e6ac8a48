import { SegmentedControl } from '@mantine/core';
import { useAppDispatch, useLang, useT } from '../../app/hooks';
import { langChanged } from '../../app/ui-slice';
import type { Lang } from '../../i18n';

const LANGS: { value: Lang; label: string }[] = [
  // Each language is named in itself, so it can be found whatever the current language is.
  { value: 'zh', label: '中文' },
  { value: 'en', label: 'English' },
];

export function LangSwitch() {
  const t = useT();
  const lang = useLang();
  const dispatch = useAppDispatch();
  return (
    <SegmentedControl
      size="xs"
      aria-label={t('auth.language')}
      data={LANGS}
      value={lang}
      onChange={(value) => dispatch(langChanged(value === 'en' ? 'en' : 'zh'))}
    />
  );
}
