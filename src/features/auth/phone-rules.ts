import type { MessageKey } from '../../i18n';

/** Spec section 5 "Phone check": empty, wrong length and wrong form are told apart. */
export function phoneError(value: string): MessageKey | undefined {
  const v = value.trim();
  if (!v) return 'auth.validation.phone';
  if (v.length !== 11) return 'auth.validation.phoneLength';
  return /^1\d{10}$/.test(v) ? undefined : 'auth.validation.phoneFormat';
}

export interface PhoneLoginValues {
  tenantId: string;
  phone: string;
  code: string;
}

export type PhoneLoginErrors = Partial<Record<keyof PhoneLoginValues, MessageKey>>;

export function validatePhoneLogin(
  v: PhoneLoginValues,
  options: { tenantRequired: boolean },
): PhoneLoginErrors {
  const errors: PhoneLoginErrors = {};
  if (options.tenantRequired && !v.tenantId.trim()) errors.tenantId = 'auth.validation.tenantId';
  const phone = phoneError(v.phone);
  if (phone) errors.phone = phone;
  if (!/^\d{6}$/.test(v.code.trim())) errors.code = 'auth.validation.smsCode';
  return errors;
}
