import type { IdPhoto } from '../../contracts/auth-profile';
import type { MessageKey } from '../../i18n';

/** What the profile edit dialog holds (spec screen 4). */
export interface ProfileEditValues {
  realName: string;
  name: string;
  nativePlace: string;
  /** yyyy-MM-dd, '' when not chosen. */
  birthday: string;
  idCardFront: IdPhoto[];
  idCardBack: IdPhoto[];
  phone: string;
  phoneCode: string;
  email: string;
  emailCode: string;
}

export type ProfileEditErrors = Partial<Record<keyof ProfileEditValues, MessageKey>>;

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;

export function phoneCheck(value: string): MessageKey | undefined {
  const v = value.trim();
  if (!v) return 'profile.editDialog.errors.phone';
  if (v.length !== 11) return 'profile.editDialog.errors.phoneLength';
  return /^1\d{10}$/.test(v) ? undefined : 'profile.editDialog.errors.phoneFormat';
}

export function emailCheck(value: string): MessageKey | undefined {
  const v = value.trim();
  if (!v) return 'profile.editDialog.errors.email';
  return EMAIL.test(v) ? undefined : 'profile.editDialog.errors.emailFormat';
}

/** Spec section 5 "Profile dialog: all fields required; ID photos required as arrays". */
export function validateProfileEdit(v: ProfileEditValues): ProfileEditErrors {
  const errors: ProfileEditErrors = {};
  const text = (field: keyof ProfileEditValues, key: MessageKey) => {
    if (!String(v[field]).trim()) errors[field] = key;
  };
  text('realName', 'profile.editDialog.errors.realName');
  text('name', 'profile.editDialog.errors.name');
  text('nativePlace', 'profile.editDialog.errors.nativePlace');
  text('birthday', 'profile.editDialog.errors.birthday');
  if (v.idCardFront.length === 0) errors.idCardFront = 'profile.editDialog.errors.idCardFront';
  if (v.idCardBack.length === 0) errors.idCardBack = 'profile.editDialog.errors.idCardBack';
  const phone = phoneCheck(v.phone);
  if (phone) errors.phone = phone;
  text('phoneCode', 'profile.editDialog.errors.phoneCode');
  const email = emailCheck(v.email);
  if (email) errors.email = email;
  text('emailCode', 'profile.editDialog.errors.emailCode');
  return errors;
}

/** `field:message` answers (the server names the refused field) split for the form. */
export function serverFieldError(
  message: string,
): { field: keyof ProfileEditValues; message: string } | undefined {
  const m = /^([A-Za-z]+):(.+)$/.exec(message);
  const fields: readonly string[] = [
    'realName',
    'name',
    'nativePlace',
    'birthday',
    'idCardFront',
    'idCardBack',
    'phone',
    'phoneCode',
    'email',
    'emailCode',
  ];
  return m && fields.includes(m[1]!)
    ? { field: m[1] as keyof ProfileEditValues, message: m[2]! }
    : undefined;
}
