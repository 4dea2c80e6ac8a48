import type { MessageKey } from '../../i18n';

export interface LoginValues {
  tenantId: string;
  username: string;
  password: string;
  captchaCode: string;
}

export type LoginErrors = Partial<Record<keyof LoginValues, MessageKey>>;

/** Client checks of the login form (Saber's prompts); the server decides the rest. */
export function validateLogin(
  v: LoginValues,
  options: { tenantRequired: boolean; captchaMode: boolean },
): LoginErrors {
  const errors: LoginErrors = {};
  if (options.tenantRequired && !v.tenantId.trim()) errors.tenantId = 'auth.validation.tenantId';
  if (!v.username.trim()) errors.username = 'auth.validation.username';
  if (!v.password) errors.password = 'auth.validation.password';
  if (options.captchaMode && !v.captchaCode.trim()) errors.captchaCode = 'auth.validation.captcha';
  return errors;
}
