/**
 * How every settings screen shows a stored secret (SMS and object-storage keys, OAuth client
 * secrets, data-source passwords, platform configurations): the server never answers the secret,
 * only this mask, and a mask sent back means "keep the stored one".
 */
export const SECRET_MASK = '******';

/** A value made of asterisks only: the mask as a form sent it back. */
export const isMask = (value: unknown): boolean =>
  typeof value === 'string' && /^\*+$/.test(value.trim());
