import type { ReactNode } from 'react';
import { useT } from '../../state/hooks';
import { useConfirm } from '../../components/confirm-dialog';
import { useShell } from '../../state/shell-context';

/**
 * Log out with a confirmation (spec screen 1): the auth machine logs out on the server and the
 * runtime clears the session and goes to /login. Render the returned dialog.
 */
export function useLogout(): [ReactNode, () => Promise<void>] {
  const t = useT();
  const { auth } = useShell();
  const [dialog, confirm] = useConfirm();
  const logout = async () => {
    if (await confirm(t('profile.logoutConfirm'))) auth.send({ type: 'logout' });
  };
  return [dialog, logout];
}
