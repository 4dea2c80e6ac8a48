import { Link } from 'react-router';
import { useT } from '../../state/hooks';
import type { MessageKey } from '../../i18n';
import s from './auth.module.css';

/** How /login signs in: account and password, or phone and SMS code (spec section 4). */
export type LoginMode = 'password' | 'phone';

const MODES: { value: LoginMode; label: MessageKey }[] = [
  { value: 'password', label: 'auth.mode.password' },
  { value: 'phone', label: 'auth.mode.phone' },
];

/** Two radio buttons drawn as a segmented control, like the language switch. */
export function LoginModeSwitch({
  mode,
  onChange,
}: {
  mode: LoginMode;
  onChange(mode: LoginMode): void;
}) {
  const t = useT();
  return (
    <fieldset className={s.segments}>
      <legend className={s.visuallyHidden}>{t('auth.mode.label')}</legend>
      {MODES.map((m) => (
        <label key={m.value} className={s.segment}>
          <input
            type="radio"
            name="login-mode"
            value={m.value}
            checked={mode === m.value}
            onChange={() => onChange(m.value)}
          />
          <span>{t(m.label)}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** To /wx-login (spec section 2). */
export function WxLoginLink() {
  const t = useT();
  return (
    <Link to="/wx-login" className={s.link}>
      {t('auth.wx.link')}
    </Link>
  );
}
