import { sealedPhone } from '../../../lib/sealed-phone.js';

/**
 * A supplier's contact phone (blade_sup.contact_phone), sealed at rest and answered encrypted for
 * the caller's session (lib/sealed-phone.ts). The purpose label is part of the at-rest key
 * (HMAC-SHA256(server secret, 'at-rest:sup-contact-phone')): stored values open only under it.
 */
const phone = sealedPhone('sup-contact-phone');

/** The stored form of a plain phone; null for none. */
export const sealContactPhone = phone.seal;

/** The plain phone of a stored value; '' when none or unreadable (another install's key). */
export const openContactPhone = phone.open;

/** A stored phone as answered to `user`: encrypted for the caller's session ('' when none). */
export const answerContactPhone = phone.answer;
