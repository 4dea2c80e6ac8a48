import type { MessageKey } from '../../i18n';
import { meetsPasswordRule, PASSWORD_RULE_MESSAGE } from '../../lib/password-rules';

/** Guest registration fields (spec section 3), as the form holds them (plain passwords). */
export interface RegisterValues {
  tenantId: string;
  name: string;
  account: string;
  password: string;
  password2: string;
}

export type RegisterErrors = Partial<Record<keyof RegisterValues, MessageKey>>;

/** Spec section 5 "Registration", plus the password rule the server applies to new passwords. */
export function validateRegistration(
  v: RegisterValues,
  options: { tenantRequired: boolean },
): RegisterErrors {
  const errors: RegisterErrors = {};
  if (options.tenantRequired && !v.tenantId.trim())
    errors.tenantId = 'auth.register.tenantRequired';
  if (!v.name.trim()) errors.name = 'auth.register.nameRequired';
  if (!v.account.trim()) errors.account = 'auth.register.accountRequired';
  if (!v.password) errors.password = 'auth.register.passwordRequired';
  else if (!meetsPasswordRule(v.password)) errors.password = PASSWORD_RULE_MESSAGE;
  if (!v.password2) errors.password2 = 'auth.register.confirmRequired';
  else if (v.password2 !== v.password) errors.password2 = 'auth.register.mismatch';
  return errors;
}
