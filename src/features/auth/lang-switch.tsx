import { useAppDispatch, useLang, useT } from '../../state/hooks';
import { langChanged } from '../../state/ui-slice';
import type { Lang } from '../../i18n';
import s from './auth.module.css';

const LANGS: { value: Lang; label: string }[] = [
  // Each language is named in itself, so it can be found whatever the current language is.
  { value: 'zh', label: '中文' },
  { value: 'en', label: 'English' },
];

/** Two radio buttons drawn as a segmented control: arrow keys move between them natively. */
export function LangSwitch() {
  const t = useT();
  const lang = useLang();
  const dispatch = useAppDispatch();
  return (
    <fieldset className={s.segments}>
      <legend className={s.visuallyHidden}>{t('auth.language')}</legend>
      {LANGS.map((l) => (
        <label key={l.value} className={s.segment}>
          <input
            type="radio"
            name="login-language"
            value={l.value}
            checked={lang === l.value}
            onChange={() => dispatch(langChanged(l.value))}
          />
          <span>{l.label}</span>
        </label>
      ))}
    </fieldset>
  );
}
