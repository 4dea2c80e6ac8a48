import { useEffect, type Dispatch, type SetStateAction } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { AuthActor } from '../../state/shell-context';
import type { LoginValues } from './login-rules';
import { redirectTarget } from './redirect-target';

/**
 * Reactions to the auth machine that the login form cannot do in render:
 * - signed in: go where the guard came from (location.state.from, same-site paths only);
 * - a new (or forgotten) captcha: the typed code belonged to the old one;
 * - the forced password change starts: the old password in the form is spent.
 * It subscribes to the actor because on sign-in the route guard replaces this page in the
 * same render, so an effect here would never see the signed-in state.
 */
export function useLoginFollowUps(
  auth: AuthActor,
  setDraft: Dispatch<SetStateAction<LoginValues>>,
): void {
  const navigate = useNavigate();
  const location = useLocation();
  const target = redirectTarget(location.state);
  useEffect(() => {
    const initial = auth.getSnapshot();
    let captchaKey = initial.context.captcha?.key;
    let changing = initial.matches('passwordChangeRequired');
    const subscription = auth.subscribe((s) => {
      if (s.matches('signedIn')) {
        void navigate(target, { replace: true });
        return;
      }
      const key = s.context.captcha?.key;
      if (key !== captchaKey) {
        captchaKey = key;
        setDraft((d) => (d.captchaCode ? { ...d, captchaCode: '' } : d));
      }
      const nowChanging = s.matches('passwordChangeRequired');
      if (nowChanging && !changing) setDraft((d) => ({ ...d, password: '' }));
      changing = nowChanging;
    });
    return () => subscription.unsubscribe();
  }, [auth, navigate, target, setDraft]);
}
