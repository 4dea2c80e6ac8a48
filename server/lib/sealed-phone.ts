import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import type { AuthUser } from '../auth/index.js';
import { encryptPhone, phoneKey, PHONE_PREFIX } from './phone-crypto.js';
import { blank } from './table/fields.js';

/**
 * A phone number sealed at rest (a supplier's or an access party's contact phone). At rest:
 * AES-256-GCM under a per-install key for one purpose, HMAC-SHA256(server secret,
 * `at-rest:<purpose>`), laid out like the phone answers ('enc1:' + base64(iv[12] | ciphertext |
 * tag[16])). In answers: re-encrypted for the caller's session like user phones
 * (phone-crypto.ts), which the console decrypts for display, or masked (lists, sheets).
 *
 * The purpose keeps the columns apart: a value sealed for one cannot be opened as another. It
 * is part of the key, so it never changes for stored values ('sup-contact-phone' opens what the
 * suppliers stored before this module existed).
 */
export interface SealedPhone {
  /** The stored form of a plain phone; null for none. */
  seal(ctx: Pick<AppContext, 'jwtSecret'>, plain: string | null | undefined): string | null;
  /** The plain phone of a stored value; '' when none or unreadable (another install's key). */
  open(ctx: Pick<AppContext, 'jwtSecret'>, stored: string | null | undefined): string;
  /** A stored phone as answered to `user`: encrypted for the caller's session ('' when none). */
  answer(
    ctx: Pick<AppContext, 'jwtSecret'>,
    user: Pick<AuthUser, 'sessionId'>,
    stored: string | null | undefined,
  ): string;
  /** A stored phone masked for lists and sheets (138****0000; '' when none). */
  masked(ctx: Pick<AppContext, 'jwtSecret'>, stored: string | null | undefined): string;
}

/** 13800001234 -> 138****1234; a short value is returned as it is. */
export const maskPhone = (phone: string) =>
  phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : phone;

/** The mask lists answer (138****0000): sent back on an edit, it keeps the stored phone. */
export const MASKED_PHONE = /^1\d{2}\*{4}\d{4}$/;

/**
 * A sealed phone field of a submit: a number the field's pattern accepts, or the mask the list
 * answered (an edit of a phone this session cannot decrypt: the stored one is kept); blank is
 * none.
 */
export const sealedPhoneInput = (pattern: { regex: RegExp; message: { zh: string } }) =>
  z.preprocess(
    (v) => (blank(v) ? undefined : typeof v === 'string' ? v.trim() : v),
    z
      .string({ error: pattern.message.zh })
      .refine((v) => pattern.regex.test(v) || MASKED_PHONE.test(v), {
        message: pattern.message.zh,
      })
      .optional(),
  );

/** The sealing of one purpose ('sup-contact-phone', 'psclient-contact-phone', ...). */
export function sealedPhone(purpose: string): SealedPhone {
  if (!/^[a-z0-9-]+$/.test(purpose)) throw new Error(`sealed phone purpose: ${purpose}`);
  const label = `at-rest:${purpose}`;
  const keyOf = (ctx: Pick<AppContext, 'jwtSecret'>) =>
    createHmac('sha256', ctx.jwtSecret).update(label).digest();

  const seal: SealedPhone['seal'] = (ctx, plain) => {
    if (!plain) return null;
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', keyOf(ctx), iv);
    const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PHONE_PREFIX + Buffer.concat([iv, ct, cipher.getAuthTag()]).toString('base64');
  };

  const open: SealedPhone['open'] = (ctx, stored) => {
    if (!stored || !stored.startsWith(PHONE_PREFIX)) return '';
    try {
      const raw = Buffer.from(stored.slice(PHONE_PREFIX.length), 'base64');
      if (raw.length < 29) return '';
      const decipher = createDecipheriv('aes-256-gcm', keyOf(ctx), raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      return Buffer.concat([
        decipher.update(raw.subarray(12, raw.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return '';
    }
  };

  return {
    seal,
    open,
    answer: (ctx, user, stored) =>
      encryptPhone(open(ctx, stored), phoneKey(ctx.jwtSecret, user.sessionId)),
    masked: (ctx, stored) => maskPhone(open(ctx, stored)),
  };
}
