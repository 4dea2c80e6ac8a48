import { lazy, Suspense } from 'react';
import {
  closeResetPassword,
  useResetPasswordTarget,
} from '../../resources/blade-user/reset-password-store';

const ResetPasswordDialog = lazy(() => import('../../resources/blade-user/reset-password-dialog'));

/** The reset dialog opened from the command palette (u: look-up), rendered once by the layout. */
export function ResetPasswordHost() {
  const target = useResetPasswordTarget();
  if (!target) return null;
  return (
    <Suspense fallback={null}>
      <ResetPasswordDialog key={target.id} rows={[target]} onClose={() => closeResetPassword()} />
    </Suspense>
  );
}
