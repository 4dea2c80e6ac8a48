import type { MessageKey } from '../../i18n';

/**
 * Spec section 5 "Personal info": real name and nickname required; phone, if not empty, 11
 * digits starting with 1; email, if not empty, a standard address. The patterns are the
 * server's (server/services/blade-user/input.ts), so the form and the server agree.
 */
export const PHONE_PATTERN = /^1\d{10}$/;
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Avatar upload is a later issue; until then an image address, shown as <img src>. */
export const AVATAR_URL_PATTERN = /^https?:\/\/[^\s"'<>]+$/i;

export function phoneError(value: string): MessageKey | undefined {
  const v = value.trim();
  return v === '' || PHONE_PATTERN.test(v) ? undefined : 'profile.errors.phone';
}

export function emailError(value: string): MessageKey | undefined {
  const v = value.trim();
  return v === '' || EMAIL_PATTERN.test(v) ? undefined : 'profile.errors.email';
}

export function avatarUrlError(value: string): MessageKey | undefined {
  const v = value.trim();
  return v === '' || AVATAR_URL_PATTERN.test(v) ? undefined : 'profile.errors.avatarUrl';
}

export interface ProfileValues {
  avatar: string;
  realName: string;
  name: string;
  phone: string;
  email: string;
}

export type ProfileErrors = Partial<Record<keyof ProfileValues, MessageKey>>;

/**
 * All field errors. The avatar is only checked when it was changed: an address the server
 * stored earlier (a server path, say) is kept as it is.
 */
export function validateProfile(v: ProfileValues, initialAvatar = ''): ProfileErrors {
  const errors: ProfileErrors = {};
  if (v.avatar.trim() !== initialAvatar.trim()) {
    const avatar = avatarUrlError(v.avatar);
    if (avatar) errors.avatar = avatar;
  }
  if (!v.realName.trim()) errors.realName = 'profile.errors.realName';
  if (!v.name.trim()) errors.name = 'profile.errors.name';
  const phone = phoneError(v.phone);
  if (phone) errors.phone = phone;
  const email = emailError(v.email);
  if (email) errors.email = email;
  return errors;
}
