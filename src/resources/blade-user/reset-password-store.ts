import { createFocusReturningStore } from '../../lib/open-store';
import type { User } from '../../contracts/blade-user/user';

/** Whose password the reset dialog resets when opened from outside the users screen. */
export type ResetTarget = Pick<User, 'id' | 'account' | 'realName'>;

/**
 * The command palette's 重置密码 opens the same dialog as the users screen (the one-time
 * password is shown once there); the signed-in layout renders it (features/users).
 */
const store = createFocusReturningStore<ResetTarget>();

export function openResetPassword(target: ResetTarget, from?: HTMLElement | null): void {
  store.open(target, from);
}

export function closeResetPassword(): void {
  store.close();
}

/** The user whose reset dialog is open (undefined while closed); re-renders on change. */
export function useResetPasswordTarget(): ResetTarget | undefined {
  return store.use();
}
