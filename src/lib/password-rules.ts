import type { MessageKey } from '../i18n';

/**
 * The password rule of spec sections 5 and 9: 6-10 characters with at least 3 of the 4
 * character classes. The server applies the same rule (server/lib/password.ts), so the form
 * only saves a round trip. Also used by the profile drawer's password tab.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 10;
export const PASSWORD_MIN_CLASSES = 3;

/** Uppercase, lowercase, digit, symbol (anything else, as the server counts it). */
const CLASSES = [/[A-Z]/, /[a-z]/, /[0-9]/, /[^A-Za-z0-9]/] as const;

export const PASSWORD_RULE_MESSAGE = 'auth.password.rule' satisfies MessageKey;

export function passwordClassCount(password: string): number {
  return CLASSES.filter((re) => re.test(password)).length;
}

export function meetsPasswordRule(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    passwordClassCount(password) >= PASSWORD_MIN_CLASSES
  );
}

export interface PasswordChangeValues {
  oldPassword: string;
  newPassword: string;
  newPassword1: string;
}

export type PasswordChangeErrors = Partial<Record<keyof PasswordChangeValues, MessageKey>>;

/** Spec section 5 "Password change": every field required, rule on new and confirm, equal. */
export function validatePasswordChange(v: PasswordChangeValues): PasswordChangeErrors {
  const errors: PasswordChangeErrors = {};
  if (!v.oldPassword) errors.oldPassword = 'auth.change.oldRequired';
  if (!v.newPassword) errors.newPassword = 'auth.change.newRequired';
  else if (!meetsPasswordRule(v.newPassword)) errors.newPassword = PASSWORD_RULE_MESSAGE;
  if (!v.newPassword1) errors.newPassword1 = 'auth.change.confirmRequired';
  else if (!meetsPasswordRule(v.newPassword1)) errors.newPassword1 = PASSWORD_RULE_MESSAGE;
  else if (v.newPassword && v.newPassword1 !== v.newPassword)
    errors.newPassword1 = 'auth.change.mismatch';
  return errors;
}

export function hasErrors(errors: object): boolean {
  return Object.values(errors).some((e) => e !== undefined);
}
