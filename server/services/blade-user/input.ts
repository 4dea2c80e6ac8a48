import { createDecipheriv } from 'node:crypto';
import { z } from 'zod';
import { badRequest } from '../../lib/errors.js';
import { PHONE_PREFIX } from '../../lib/phone-crypto.js';
import { parseDateTime } from '../../lib/time.js';
import { parseBody } from '../../lib/validation.js';

/**
 * The JSON `User` the console sends to submit, update and update-info (contract.md §4.1).
 * Everything is optional here: update is partial (BladeX updateById skips absent fields), and
 * create checks its own required fields. Unknown keys (tenantId, isDeleted, createUser, ...)
 * are dropped by the schema, so they can never reach the database.
 */
const numberAsText = (v: unknown) => (typeof v === 'number' ? String(v) : v);
const text = (max: number) =>
  z.preprocess(
    numberAsText,
    z.string().trim().max(max, `长度不能超过${max}个字符`).nullable().optional(),
  );
const blankToNull = (v: unknown) => (v === '' ? null : v);
const int = (min: number, max: number) =>
  z.preprocess(
    blankToNull,
    z.union([z.null(), z.coerce.number().int().min(min).max(max)]).optional(),
  );
/** Comma-joined ids, or an array of ids (multi-selects). */
const idsText = z
  .union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))])
  .nullable()
  .optional();

export const userSchema = z.object({
  id: z.preprocess(numberAsText, z.string().trim().max(32).optional()),
  account: text(45),
  password: z.string().max(2048).nullable().optional(),
  code: text(32),
  name: text(50),
  realName: text(50),
  avatar: text(2000),
  email: text(100),
  phone: text(200),
  birthday: text(19),
  sex: int(0, 2),
  userType: int(1, 99),
  status: int(0, 2),
  roleId: idsText,
  deptId: idsText,
  postId: idsText,
  version: int(0, 2_147_483_647),
});

export type UserBody = z.infer<typeof userSchema>;

export function parseUserBody(body: unknown): UserBody {
  return parseBody(userSchema, body);
}

const ID = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Normalises a role/dept/post list to the stored comma form. '-1' is BladeX's "none" marker
 * and is dropped; duplicates are dropped. Undefined means "not sent" (leave unchanged).
 */
export function idsField(value: UserBody['roleId'], field: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (value === null) return [];
  const raw = Array.isArray(value) ? value.map(String) : String(value).split(',');
  const ids = [...new Set(raw.map((s) => s.trim()).filter((s) => s !== '' && s !== '-1'))];
  if (ids.length > 50) throw badRequest(`${field}:最多选择50项`);
  for (const id of ids) if (!ID.test(id)) throw badRequest(`${field}:参数格式错误`);
  return ids;
}

export const splitIds = (s: string | null | undefined): string[] =>
  (s ?? '')
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** Spec section 5: 11 digits starting with 1. */
export const PHONE = /^1\d{10}$/;
export const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** Avatars are shown as <img src>: only web addresses and server paths. */
const AVATAR = /^(https?:\/\/|\/)[^\s"'<>]*$/;

/** Profile fields after the spec section 5 checks; null clears a field. */
export interface ProfileFields {
  name?: string | null;
  realName?: string | null;
  avatar?: string | null;
  email?: string | null;
  phone?: string | null;
  birthday?: string | null;
  sex?: number | null;
}

/**
 * Spec section 5 (personal info): nickname and real name required, phone 11 digits starting
 * with 1, standard email. Applies to the profile and to admin edits alike. `phoneKey` lets an
 * edit form send back the encrypted phone it was given: it is decrypted, not rejected.
 */
export function profileFields(body: UserBody, phoneKey: Buffer): ProfileFields {
  const out: ProfileFields = {};
  if (body.name !== undefined) {
    if (!body.name) throw badRequest('请输入用户昵称');
    out.name = body.name;
  }
  if (body.realName !== undefined) {
    if (!body.realName) throw badRequest('请输入用户姓名');
    out.realName = body.realName;
  }
  if (body.phone !== undefined) {
    // Another session's ciphertext does not decrypt: refused rather than clearing the phone.
    const phone = body.phone?.startsWith(PHONE_PREFIX)
      ? (decryptPhone(body.phone, phoneKey) ?? 'undecryptable')
      : body.phone;
    if (phone && !PHONE.test(phone)) throw badRequest('请输入正确的手机号');
    out.phone = phone || null;
  }
  if (body.email !== undefined) {
    if (body.email && !EMAIL.test(body.email)) throw badRequest('请输入正确的邮箱');
    out.email = body.email || null;
  }
  if (body.avatar !== undefined) {
    if (body.avatar && !AVATAR.test(body.avatar)) throw badRequest('头像地址格式错误');
    out.avatar = body.avatar || null;
  }
  if (body.birthday !== undefined) {
    const birthday = body.birthday ? parseDateTime(body.birthday) : null;
    if (birthday === undefined) throw badRequest('请输入正确的生日');
    out.birthday = birthday;
  }
  if (body.sex !== undefined) out.sex = body.sex;
  return out;
}

/** The reverse of lib/phone-crypto encryptPhone; undefined when the key does not fit. */
export function decryptPhone(value: string, key: Buffer): string | undefined {
  try {
    const raw = Buffer.from(value.slice(PHONE_PREFIX.length), 'base64');
    if (raw.length < 29) return undefined;
    const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    return Buffer.concat([
      decipher.update(raw.subarray(12, raw.length - 16)),
      decipher.final(),
    ]).toString('utf8');
  } catch {
    return undefined;
  }
}
