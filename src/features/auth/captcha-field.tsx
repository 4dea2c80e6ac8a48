import { IconRefresh } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import type { Ref } from 'react';
import { useT } from '../../state/hooks';
import type { AuthActor } from '../../state/shell-context';
import s from './auth.module.css';
import { TextField } from './plain-fields';

interface Props {
  auth: AuthActor;
  value: string;
  error: string | undefined;
  onChange(value: string): void;
  inputRef: Ref<HTMLInputElement>;
}

/**
 * The captcha input with the image the auth machine loaded. Clicking the image or the refresh
 * button asks the machine for a new one (it ignores the request while a login is running).
 */
export function CaptchaField({ auth, value, error, onChange, inputRef }: Props) {
  const t = useT();
  const image = useSelector(auth, (s) => s.context.captcha?.image);
  const loading = useSelector(auth, (s) => s.matches({ signedOut: 'loadingCaptcha' }));
  const refresh = () => auth.send({ type: 'captcha.refresh' });
  return (
    <TextField
      inputRef={inputRef}
      label={t('auth.captcha')}
      name="captcha"
      autoComplete="off"
      maxLength={8}
      required
      value={value}
      error={error}
      onChange={(e) => onChange(e.currentTarget.value)}
      sectionWidth={150}
      section={
        <>
          <div className={s.captchaImage}>
            {loading || !image ? (
              <span className={s.spinner} role="status" aria-label={t('auth.captchaLoading')} />
            ) : (
              // The refresh button is the keyboard path; the image is a shortcut for the mouse.
              <img
                src={image}
                alt={t('auth.captchaImage')}
                width={110}
                height={32}
                onClick={refresh}
              />
            )}
          </div>
          <button
            type="button"
            className={s.iconButton}
            aria-label={t('auth.captchaRefresh')}
            onClick={refresh}
            disabled={loading}
          >
            <IconRefresh size={16} aria-hidden />
          </button>
        </>
      }
    />
  );
}
