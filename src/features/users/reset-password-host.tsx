import {
  closeResetPassword,
  useResetPasswordTarget,
} from '../../resources/blade-user/reset-password-store';
import { lazyComponent } from '../../lib/lazy-component';

const ResetPasswordDialog = lazyComponent(
  () => import('../../resources/blade-user/reset-password-dialog'),
);

/** The reset dialog opened from the command palette (u: look-up), rendered once by the layout. */
export function ResetPasswordHost() {
  const target = useResetPasswordTarget();
  if (!target) return null;
  return (
    <ResetPasswordDialog key={target.id} rows={[target]} onClose={() => closeResetPassword()} />
  );
}
